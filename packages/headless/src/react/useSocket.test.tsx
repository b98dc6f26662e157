import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SocketClient, SocketStatus } from '../core/socket/createSocketClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { useSocket } from './useSocket.js';

/**
 * The hook only wires a client's status store into React (the client itself is tested against rpc-websockets'
 * server in node: the jsdom project resolves the `browser` builds of ws and rpc-websockets, which have no server).
 */
function fakeSocketClient() {
  let status: SocketStatus = 'notReady';
  const listeners = new Set<(status: SocketStatus) => void>();
  const errorListeners = new Set<(error: LatchkeyError) => void>();
  const client = {
    getStatus: () => status,
    watchStatus: (listener: (status: SocketStatus) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    call: vi.fn(async () => 5),
    notify: vi.fn(),
    subscribe: vi.fn(),
    unsubscribe: vi.fn(),
    connect: vi.fn(),
    close: vi.fn(),
    getConnection: () => ({ state: status === 'ready' ? 'ready' : 'waiting', reconnectAttempts: status === 'ready' ? 0 : 2 }),
    onError: (listener: (error: LatchkeyError) => void) => {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
  } as unknown as SocketClient;
  const setStatus = (next: SocketStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };
  const fail = (error: LatchkeyError) => {
    for (const listener of errorListeners) listener(error);
  };
  return { client, setStatus, listeners, fail };
}

describe('useSocket', () => {
  it('default: follows the client status and hands out its commands; unsubscribes on unmount', async () => {
    const { client, setStatus, listeners } = fakeSocketClient();
    const { result, unmount } = renderHook(() => useSocket({ client }));
    expect(result.current).toMatchObject({ status: 'notReady', isReady: false });
    act(() => setStatus('ready'));
    expect(result.current).toMatchObject({ status: 'ready', isReady: true });
    expect(await result.current.call('sum', [2, 3])).toBe(5);
    expect(client.call).toHaveBeenCalledWith('sum', [2, 3]);
    act(() => setStatus('notReady'));
    expect(result.current.isReady).toBe(false);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('behavior: the connection in detail (waiting to reconnect, attempts) and an error no call could carry, cleared once ready', () => {
    const { client, setStatus, fail } = fakeSocketClient();
    const { result } = renderHook(() => useSocket({ client }));
    expect(result.current).toMatchObject({ connection: 'waiting', reconnectAttempts: 2, error: undefined });
    act(() => fail(new LatchkeyError('socket_subscribe_failed')));
    expect(result.current.error?.message).toBe('Failed subscribing to an event');
    act(() => setStatus('ready'));
    expect(result.current).toMatchObject({ connection: 'ready', reconnectAttempts: 0, error: undefined });
    result.current.close();
    expect(client.close).toHaveBeenCalledTimes(1);
  });
});
