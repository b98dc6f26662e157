import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketLike } from '../core/machines/socket/socketMachine.js';
import { createSocketClient, type SocketClient } from '../core/socket/createSocketClient.js';
import { useSocket } from './useSocket.js';

/**
 * The real client (`createSocketClient` and its machine) under the hook, over a WebSocket whose server side the test
 * scripts: opens, closes with any code, and replies to what was sent.
 */
class ScriptedSocket implements WebSocketLike {
  static all: ScriptedSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;
  sent: Array<{ id?: number; method: string; params?: unknown }> = [];
  constructor(readonly url: string) {
    ScriptedSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.serverClose(code);
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverClose(code: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  reply(method: string, body: Record<string, unknown>) {
    const request = [...this.sent].reverse().find((message) => message.method === method);
    if (request?.id === undefined) throw new Error(`${method} was not sent`);
    this.onmessage?.({ data: JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }) });
  }
}
const latest = () => ScriptedSocket.all.at(-1) as ScriptedSocket;

const clients: SocketClient[] = [];
function socketClient(): SocketClient {
  const client = createSocketClient({ url: 'ws://socket.test', WebSocket: ScriptedSocket });
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  vi.useRealTimers();
  ScriptedSocket.all = [];
});

/** Lets the client's promise chains (a reply, the restore after an open) run inside `act`. */
const settle = () => act(async () => {
  for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
});

/** A 1006 close, the 1000 ms wait, and the next socket opened by the server. */
async function dropAndReopen() {
  act(() => latest().serverClose(1006));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1000);
  });
  act(() => latest().serverOpen());
  await settle();
}

describe('useSocket over the real client', () => {
  it('behavior: re-renders on every connection change — waiting, the next attempt and its count, without a status change', async () => {
    vi.useFakeTimers();
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'connecting', reconnectAttempts: 0 });
    act(() => latest().serverClose(1006));
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'waiting', reconnectAttempts: 1 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'connecting', reconnectAttempts: 1 });
    act(() => latest().serverClose(1006));
    expect(result.current).toMatchObject({ connection: 'waiting', reconnectAttempts: 2 });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'closed', error: undefined });
  });

  it('error: max_retries_reached — when the reconnects give up (6 closes with 1006, no open) the hook says closed, 5 attempts and why; connect() starts over', async () => {
    vi.useFakeTimers();
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    for (let close = 0; close < 6; close += 1) {
      act(() => latest().serverClose(1006));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(client.getConnection().state).toBe('closed');
    expect(result.current).toMatchObject({ status: 'notReady', isReady: false, connection: 'closed', reconnectAttempts: 5 });
    expect(result.current.error).toMatchObject({ code: 'max_retries_reached', message: 'Max retries reached' });
    expect(ScriptedSocket.all).toHaveLength(6);
    act(() => result.current.connect());
    expect(result.current).toMatchObject({ connection: 'connecting', reconnectAttempts: 0, error: undefined });
    act(() => latest().serverOpen());
    expect(result.current).toMatchObject({ status: 'ready', isReady: true, connection: 'ready', error: undefined });
  });

  it('behavior: a close the client asked for, or a server close with 1000, is no error', async () => {
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    act(() => latest().serverOpen());
    act(() => latest().serverClose(1000));
    expect(result.current).toMatchObject({ connection: 'closed', error: undefined });
    act(() => result.current.connect());
    act(() => result.current.close());
    expect(result.current).toMatchObject({ connection: 'closed', error: undefined });
  });

  it('error: socket_authentication_failed — the login the server refuses to restore after a reconnect shows while ready, until a login succeeds', async () => {
    vi.useFakeTimers();
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    act(() => latest().serverOpen());
    const login = client.login({ token: 't' });
    act(() => latest().reply('rpc.login', { result: true }));
    await act(() => login);
    await dropAndReopen();
    act(() => latest().reply('rpc.login', { result: false }));
    await settle();
    // The socket is open (calls still go through), and the hook says what was lost.
    expect(result.current).toMatchObject({ status: 'ready', isReady: true, connection: 'ready' });
    expect(result.current.error).toMatchObject({ code: 'socket_authentication_failed', message: 'Socket authentication failed' });
    const again = client.login({ token: 't2' });
    act(() => latest().reply('rpc.login', { result: true }));
    await act(() => again);
    expect(result.current.error).toBeUndefined();
  });

  it('behavior: a new connection clears a restore error; the next refusal shows it again', async () => {
    vi.useFakeTimers();
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    act(() => latest().serverOpen());
    const login = client.login({ token: 't' });
    act(() => latest().reply('rpc.login', { result: true }));
    await act(() => login);
    await dropAndReopen();
    act(() => latest().reply('rpc.login', { result: false }));
    await settle();
    expect(result.current.error?.code).toBe('socket_authentication_failed');
    // Still shown while the socket is away (still logged out)…
    act(() => latest().serverClose(1006));
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'waiting', reconnectAttempts: 1 });
    expect(result.current.error?.code).toBe('socket_authentication_failed');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // …until the next socket opens and the replayed login is accepted.
    act(() => latest().serverOpen());
    await settle();
    act(() => latest().reply('rpc.login', { result: true }));
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', connection: 'ready', reconnectAttempts: 0, error: undefined });
  });

  it('error: socket_subscribe_failed — a subscription the server refuses to restore shows while ready, until subscribing again succeeds', async () => {
    vi.useFakeTimers();
    const client = socketClient();
    const { result } = renderHook(() => useSocket({ client }));
    act(() => latest().serverOpen());
    const ticks: unknown[] = [];
    const subscribed = client.subscribe('tick', (params) => ticks.push(params));
    act(() => latest().reply('rpc.on', { result: { tick: 'ok' } }));
    await act(() => subscribed);
    await dropAndReopen();
    act(() => latest().reply('rpc.on', { result: { tick: 'provider is not found' } }));
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', isReady: true });
    expect(result.current.error).toMatchObject({ code: 'socket_subscribe_failed', message: 'Failed subscribing to an event' });
    // Subscribing again asks the server again (the client does not pretend the lost subscription holds).
    const again = result.current.subscribe('tick', (params) => ticks.push(params));
    await settle();
    act(() => latest().reply('rpc.on', { result: { tick: 'ok' } }));
    await act(() => again);
    expect(latest().sent.filter((message) => message.method === 'rpc.on')).toHaveLength(2);
    expect(result.current.error).toBeUndefined();
  });
});
