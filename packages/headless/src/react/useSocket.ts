import { useSyncExternalStore } from 'react';
import type { SocketClient, SocketStatus } from '../core/socket/createSocketClient.js';

export interface UseSocketReturnType {
  /** `ready` while the socket is open, `notReady` otherwise (connecting, waiting to reconnect, closed). */
  status: SocketStatus;
  isReady: boolean;
  call: SocketClient['call'];
  notify: SocketClient['notify'];
  subscribe: SocketClient['subscribe'];
  unsubscribe: SocketClient['unsubscribe'];
  connect: SocketClient['connect'];
  close: SocketClient['close'];
}

/**
 * A socket client (built outside React with `createSocketClient`, like the Latchkey client) as a small view model:
 * its status, read with `useSyncExternalStore`, and its commands.
 */
export function useSocket(client: SocketClient): UseSocketReturnType {
  const status = useSyncExternalStore(client.watchStatus, client.getStatus, () => 'notReady' as const);
  return {
    status,
    isReady: status === 'ready',
    call: client.call,
    notify: client.notify,
    subscribe: client.subscribe,
    unsubscribe: client.unsubscribe,
    connect: client.connect,
    close: client.close,
  };
}
