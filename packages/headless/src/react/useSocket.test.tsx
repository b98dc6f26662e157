import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SocketClient, SocketStatus } from '../core/socket/createSocketClient.js';
import { useSocket } from './useSocket.js';

/**
 * The hook only wires a client's status store into React (the client itself is tested against rpc-websockets'
 * server in node: the jsdom project resolves the `browser` builds of ws and rpc-websockets, which have no server).
 */
function fakeSocketClient() {
  let status: SocketStatus = 'notReady';
  const listeners = new Set<(status: SocketStatus) => void>();
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
  } as unknown as SocketClient;
  const setStatus = (next: SocketStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };
  return { client, setStatus, listeners };
}

describe('useSocket', () => {
  it('default: follows the client status and hands out its commands; unsubscribes on unmount', async () => {
    const { client, setStatus, listeners } = fakeSocketClient();
    const { result, unmount } = renderHook(() => useSocket(client));
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
});
