import { Server } from 'rpc-websockets';
import { SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { isLatchkeyError } from '../errors/LatchkeyError.js';
import { createSocketClient, type SocketClient } from './createSocketClient.js';
import type { WebSocketConstructor } from '../machines/socket/socketMachine.js';

const NodeWebSocket = WebSocket as unknown as WebSocketConstructor;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** rpc-websockets' own server (an independent JSON-RPC 2.0 implementation) on 127.0.0.1. */
async function startRpcServer(port = 0, options: { tickEvent?: boolean } = {}): Promise<{ server: Server; port: number; kill(): Promise<void> }> {
  const server = new Server({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => server.on('listening', () => resolve()));
  server.register('sum', (params: unknown) => (params as number[]).reduce((total, value) => total + value, 0));
  server.register('echo', (params: unknown) => params);
  server.register('fail', () => {
    throw new Error('deliberate');
  });
  server.register('hang', () => new Promise(() => undefined));
  server.register('secret', () => 'the vault').protected();
  server.setAuth((params: unknown) => (params as { token?: string }).token === 'letmein');
  server.register('notified', () => received.at(-1) ?? null);
  server.register('remember', (params: unknown) => {
    received.push(params);
    return true;
  });
  if (options.tickEvent !== false) server.event('tick');
  const actualPort = (server.wss.address() as { port: number }).port;
  const received: unknown[] = [];
  let closed = false;
  const kill = async () => {
    if (closed) return;
    closed = true;
    // Killed, not closed politely: the clients see 1006.
    for (const client of server.wss.clients) client.terminate();
    await server.close();
  };
  cleanups.push(kill);
  return { server, port: actualPort, kill };
}

function connect(port: number, options: Partial<Parameters<typeof createSocketClient>[0]> = {}): SocketClient {
  const client = createSocketClient({ url: `ws://127.0.0.1:${port}`, WebSocket: NodeWebSocket, ...options });
  cleanups.push(() => client.close());
  return client;
}

const ready = (client: SocketClient) => vi.waitFor(() => expect(client.getStatus()).toBe('ready'), { timeout: 5000 });
const state = (client: SocketClient, expected: string) => vi.waitFor(() => expect(client.getConnection().state).toBe(expected), { timeout: 5000 });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('createSocketClient against rpc-websockets', () => {
  it('default: not ready until open, then call, listMethods, notify, login', async () => {
    const { port, server } = await startRpcServer();
    const client = connect(port);
    const statuses: string[] = [];
    client.watchStatus((status) => statuses.push(status));
    expect(client.getStatus()).toBe('notReady');
    expect(isLatchkeyError(await rejection(client.call('sum', [1, 2])), 'socket_not_ready')).toBe(true);
    await ready(client);
    expect(statuses).toEqual(['ready']);
    expect(await client.call('sum', [1, 2, 3])).toBe(6);
    expect(await client.call('echo', { a: 1 })).toEqual({ a: 1 });
    expect(await client.listMethods()).toEqual(expect.arrayContaining(['sum', 'echo', 'secret', '__listMethods']));
    await client.notify('remember', { note: 'fire and forget' });
    await vi.waitFor(async () => expect(await client.call('notified')).toEqual({ note: 'fire and forget' }));
    // A protected method before and after logging in.
    const locked = await rejection(client.call('secret'));
    expect(isLatchkeyError(locked, 'socket_call_failed')).toBe(true);
    expect((locked as Error).message).toMatch(/^The socket call secret failed: /);
    expect(isLatchkeyError(await rejection(client.login({ token: 'wrong' })), 'socket_authentication_failed')).toBe(true);
    expect((await rejection(client.login({ token: 'wrong' })) as Error).message).toBe('Socket authentication failed');
    expect(await client.login({ token: 'letmein' })).toBe(true);
    expect(await client.call('secret')).toBe('the vault');
    expect(server.wss.clients.size).toBe(1);
  });

  it('error: a method that throws gives socket_call_failed with the server reason', async () => {
    const { port } = await startRpcServer();
    const client = connect(port);
    await ready(client);
    const error = await rejection(client.call('fail'));
    expect(isLatchkeyError(error, 'socket_call_failed')).toBe(true);
    expect((error as Error).message).toBe('The socket call fail failed: Error: deliberate');
  });

  it('error: reply timeout (simulated clock)', async () => {
    const { port } = await startRpcServer();
    const clock = new SimulatedClock();
    const client = connect(port, { clock });
    await ready(client);
    const call = client.call('hang', [], 250);
    clock.increment(249);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let settled = false;
    void call.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.increment(1);
    const error = await rejection(call);
    expect(isLatchkeyError(error, 'socket_reply_timeout')).toBe(true);
    expect((error as Error).message).toBe('Socket reply timeout');
  });

  it('behavior: notifications reach the listeners; unsubscribe stops them', async () => {
    const { port, server } = await startRpcServer();
    const client = connect(port);
    await ready(client);
    const seen: unknown[] = [];
    const off = await client.subscribe('tick', (params) => seen.push(params));
    server.emit('tick', { n: 1 });
    await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]));
    await off();
    server.emit('tick', { n: 2 });
    expect(await client.call('sum', [0])).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('error: subscribing to an unknown event is socket_subscribe_failed; unsubscribing from one the server dropped is socket_unsubscribe_failed', async () => {
    const { port } = await startRpcServer();
    const client = connect(port);
    await ready(client);
    const error = await rejection(client.subscribe('nope', () => undefined));
    expect(isLatchkeyError(error, 'socket_subscribe_failed')).toBe(true);
    expect((error as Error).message).toBe('Failed subscribing to an event');
    // Subscribed, then the server-side subscription removed behind the client's back.
    const off = await client.subscribe('tick', () => undefined);
    expect(await client.call('rpc.off', ['tick'])).toEqual({ tick: 'ok' });
    const unsubscribeError = await rejection(off());
    expect(isLatchkeyError(unsubscribeError, 'socket_unsubscribe_failed')).toBe(true);
    expect((unsubscribeError as Error).message).toBe('Failed unsubscribing from an event');
  });

  it('behavior: killed server — pending calls rejected; restarted on the same port — reconnect after 1000 ms, login and subscriptions restored', async () => {
    const first = await startRpcServer(0);
    const port = first.port;
    const clock = new SimulatedClock();
    const client = connect(port, { clock });
    await ready(client);
    await client.login({ token: 'letmein' });
    const ticks: unknown[] = [];
    await client.subscribe('tick', (params) => ticks.push(params));
    const hanging = client.call('hang');

    await first.kill();
    const error = await rejection(hanging);
    expect(isLatchkeyError(error, 'socket_closed_before_reply')).toBe(true);
    expect((error as Error).message).toBe('The socket closed before hang was answered.');
    await state(client, 'waiting');
    expect(client.getStatus()).toBe('notReady');
    expect(client.getConnection().reconnectAttempts).toBe(1);

    const second = await startRpcServer(port);
    second.server.register('whoami', (_params: unknown) => 'authenticated').protected();
    clock.increment(999);
    expect(client.getConnection().state).toBe('waiting');
    clock.increment(1);
    await ready(client);
    expect(client.getConnection().reconnectAttempts).toBe(0);
    // The login came back first: a protected method works without a new login.
    await vi.waitFor(async () => expect(await client.call('whoami')).toBe('authenticated'));
    // The subscription is back: the new server's notifications arrive.
    await vi.waitFor(() => {
      second.server.emit('tick', { n: 'after restart' });
      expect(ticks).toContainEqual({ n: 'after restart' });
    });
  });

  it('error: a restored subscription the new server does not know is reported through onError', async () => {
    const first = await startRpcServer(0);
    const clock = new SimulatedClock();
    const client = connect(first.port, { clock });
    const errors: string[] = [];
    client.onError((error) => errors.push(error.code));
    await ready(client);
    await client.subscribe('tick', () => undefined);
    await first.kill();
    await state(client, 'waiting');
    await startRpcServer(first.port, { tickEvent: false });
    clock.increment(1000);
    await ready(client);
    await vi.waitFor(() => expect(errors).toEqual(['socket_subscribe_failed']));
  });
});

/** A bare `ws` server for what rpc-websockets' server never does: malformed replies, chosen close codes. */
async function startRawServer(onConnection: (socket: WebSocket) => void): Promise<{ port: number; connections: () => number }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.on('listening', () => resolve()));
  let count = 0;
  server.on('connection', (socket) => {
    count += 1;
    onConnection(socket);
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as { port: number }).port, connections: () => count };
}

describe('createSocketClient: protocol and reconnect rules', () => {
  it("error: a reply with both result and error is 'Server response malformed'", async () => {
    const { port } = await startRawServer((socket) =>
      socket.on('message', (data) => {
        const { id } = JSON.parse(String(data)) as { id: number };
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, result: 1, error: { code: 1, message: 'both' } }));
      }),
    );
    const client = connect(port);
    await ready(client);
    const error = await rejection(client.call('anything'));
    expect(isLatchkeyError(error, 'socket_response_malformed')).toBe(true);
    expect((error as Error).message).toBe('Server response malformed');
  });

  /** Advances the simulated clock one interval at a time while the client keeps failing. */
  async function driveReconnects(client: SocketClient, clock: SimulatedClock, server: { connections: () => number }, rounds: number) {
    for (let round = 0; round < rounds; round += 1) {
      const before = server.connections();
      await state(client, 'waiting');
      clock.increment(1000);
      await vi.waitFor(() => expect(server.connections()).toBe(before + 1));
    }
  }

  /** A loopback port with nothing listening: every attempt fails before it opens (close 1006). */
  async function deadPort(): Promise<number> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.on('listening', () => resolve()));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it('behavior: attempts that never open are retried every 1000 ms, 5 times, then the client stays closed', async () => {
    const clock = new SimulatedClock();
    const client = connect(await deadPort(), { clock });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await state(client, 'waiting');
      expect(client.getConnection().reconnectAttempts).toBe(attempt);
      clock.increment(999);
      expect(client.getConnection().state).toBe('waiting');
      clock.increment(1);
      expect(client.getConnection().state).toBe('connecting');
    }
    await state(client, 'closed');
    expect(client.getStatus()).toBe('notReady');
    clock.increment(60_000);
    expect(client.getConnection().state).toBe('closed');
  });

  it('error: max_retries_reached — the reconnects that gave up are reported and kept in getConnection(), a stable snapshot watchConnection announces', async () => {
    const clock = new SimulatedClock();
    const client = connect(await deadPort(), { clock });
    const seen: Array<{ state: string; reconnectAttempts: number }> = [];
    client.watchConnection(({ state, reconnectAttempts }) => seen.push({ state, reconnectAttempts }));
    const errors: string[] = [];
    client.onError((error) => errors.push(error.code));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await state(client, 'waiting');
      expect(client.getConnection()).toBe(client.getConnection());
      clock.increment(1000);
    }
    await state(client, 'closed');
    expect(seen.at(0)).toEqual({ state: 'waiting', reconnectAttempts: 1 });
    expect(seen.at(-1)).toEqual({ state: 'closed', reconnectAttempts: 5 });
    expect(seen.filter(({ state }) => state === 'connecting')).toHaveLength(5);
    expect(errors).toEqual(['max_retries_reached']);
    expect(client.getConnection().error).toMatchObject({ code: 'max_retries_reached', message: 'Max retries reached', cause: { closeCode: 1006, reconnectAttempts: 5 } });
    client.connect();
    expect(client.getConnection()).toMatchObject({ state: 'connecting', reconnectAttempts: 0, error: undefined });
  });

  it('behavior: maxReconnects 0 retries without limit', async () => {
    const clock = new SimulatedClock();
    const client = connect(await deadPort(), { clock, maxReconnects: 0 });
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await state(client, 'waiting');
      expect(client.getConnection().reconnectAttempts).toBe(attempt);
      clock.increment(1000);
    }
    expect(client.getConnection().state).not.toBe('closed');
  });

  it('behavior: an open resets the counter — a server that accepts then closes with 4000 is retried past 5', async () => {
    const server = await startRawServer((socket) => socket.close(4000, 'go away'));
    const clock = new SimulatedClock();
    const client = connect(server.port, { clock });
    await vi.waitFor(() => expect(server.connections()).toBe(1));
    await driveReconnects(client, clock, server, 8);
    await state(client, 'waiting');
    expect(client.getConnection().reconnectAttempts).toBe(1);
    expect(server.connections()).toBe(9);
  });

  it('behavior: close code 1000 from the server never reconnects; close() never reconnects', async () => {
    let first = true;
    const server = await startRawServer((socket) => {
      if (first) setTimeout(() => socket.close(1000), 20);
      first = false;
    });
    const clock = new SimulatedClock();
    const client = connect(server.port, { clock });
    await state(client, 'closed');
    clock.increment(5000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections()).toBe(1);
    client.connect();
    await ready(client);
    client.close();
    expect(client.getStatus()).toBe('notReady');
    expect(client.getConnection().state).toBe('closed');
  });

  it('error: a server that never answers the login → socket_reply_timeout at its timeoutMs (the MPC socket passes its 30 s), not a wait for good', async () => {
    const { port } = await startRawServer(() => undefined);
    const client = connect(port);
    await ready(client);
    const error = await rejection(client.login({ token: 'letmein' }, 50));
    expect(isLatchkeyError(error, 'socket_reply_timeout')).toBe(true);
  });
});
