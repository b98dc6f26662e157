import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SocketClient, SocketConnection } from '../core/socket/createSocketClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { useSocket } from './useSocket.js';

/**
 * The hook only wires a client's connection store into React (the client itself is tested against rpc-websockets'
 * server in node, and under this hook over a scripted socket in useSocket.failures.test.tsx).
 */
function fakeSocketClient() {
  let connection: SocketConnection = { state: 'waiting', reconnectAttempts: 2, error: undefined };
  const listeners = new Set<(connection: SocketConnection) => void>();
  const client = {
    getConnection: () => connection,
    watchConnection: (listener: (connection: SocketConnection) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    call: vi.fn(async () => 5),
    notify: vi.fn(),
    subscribe: vi.fn(),
    unsubscribe: vi.fn(),
    connect: vi.fn(),
    close: vi.fn(),
  } as unknown as SocketClient;
  const set = (change: Partial<SocketConnection>) => {
    connection = { ...connection, ...change };
    for (const listener of listeners) listener(connection);
  };
  return { client, set, listeners };
}

describe('useSocket', () => {
  it('default: follows the client status and hands out its commands; unsubscribes on unmount', async () => {
    const { client, set, listeners } = fakeSocketClient();
    const { result, unmount } = renderHook(() => useSocket({ client }));
    expect(result.current).toMatchObject({ status: 'notReady', isReady: false });
    act(() => set({ state: 'ready', reconnectAttempts: 0 }));
    expect(result.current).toMatchObject({ status: 'ready', isReady: true });
    expect(await result.current.call('sum', [2, 3])).toBe(5);
    expect(client.call).toHaveBeenCalledWith('sum', [2, 3]);
    act(() => set({ state: 'connecting' }));
    expect(result.current.isReady).toBe(false);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('behavior: the connection in detail (waiting to reconnect, attempts) and the error the client still holds, shown while ready too', () => {
    const { client, set } = fakeSocketClient();
    const { result } = renderHook(() => useSocket({ client }));
    expect(result.current).toMatchObject({ connection: 'waiting', reconnectAttempts: 2, error: undefined });
    act(() => set({ state: 'connecting' }));
    expect(result.current).toMatchObject({ status: 'notReady', connection: 'connecting', reconnectAttempts: 2 });
    act(() => set({ state: 'ready', reconnectAttempts: 0 }));
    act(() => set({ error: new LatchkeyError('socket_subscribe_failed') }));
    expect(result.current).toMatchObject({ status: 'ready', isReady: true, connection: 'ready', reconnectAttempts: 0 });
    expect(result.current.error?.message).toBe('Failed subscribing to an event');
    act(() => set({ error: undefined }));
    expect(result.current.error).toBeUndefined();
    result.current.close();
    expect(client.close).toHaveBeenCalledTimes(1);
  });
});
