import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { SocketConnectionState } from '../core/machines/socket/socketMachine.js';
import type { SocketClient, SocketStatus } from '../core/socket/createSocketClient.js';

export interface UseSocketParameters {
  /** The socket client, built outside React with `createSocketClient` (like the Latchkey client). */
  client: SocketClient;
}

export interface UseSocketReturnType {
  /** `ready` while the socket is open, `notReady` otherwise (SPEC §4). */
  status: SocketStatus;
  /** The connection in detail: `idle`, `connecting`, `ready`, `waiting` (to reconnect) or `closed`. */
  connection: SocketConnectionState;
  /** Reconnects since the socket was last open. */
  reconnectAttempts: number;
  /** The last error no call could carry (a subscription or the login that could not be restored after a reconnect). */
  error: LatchkeyError | undefined;
  isReady: boolean;
  /** Opens the socket (again, after `close()` or the last reconnect gave up). */
  connect(): void;
  /** Closes with code 1000: no reconnect; pending calls are rejected. */
  close(): void;
  /** The client's JSON-RPC operations, awaitable by nature (their answer is the point). */
  call: SocketClient['call'];
  notify: SocketClient['notify'];
  subscribe: SocketClient['subscribe'];
  unsubscribe: SocketClient['unsubscribe'];
}

/** A socket client as a small view model: its status and connection, read with `useSyncExternalStore`, and its commands. */
export function useSocket({ client }: UseSocketParameters): UseSocketReturnType {
  const status = useSyncExternalStore(client.watchStatus, client.getStatus, () => 'notReady' as const);
  const [error, setError] = useState<LatchkeyError>();
  useEffect(() => client.onError(setError), [client]);
  // Read at every status change (a reconnect attempt flips notReady/ready around it).
  const { state: connection, reconnectAttempts } = client.getConnection();
  return useMemo(
    () => ({
      status,
      connection,
      reconnectAttempts,
      error: status === 'ready' ? undefined : error,
      isReady: status === 'ready',
      connect: () => client.connect(),
      close: () => client.close(),
      call: client.call,
      notify: client.notify,
      subscribe: client.subscribe,
      unsubscribe: client.unsubscribe,
    }),
    [client, status, connection, reconnectAttempts, error],
  );
}
