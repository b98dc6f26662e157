import { useMemo, useSyncExternalStore } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { SocketConnectionState } from '../core/machines/socket/socketMachine.js';
import type { SocketClient, SocketConnection, SocketStatus } from '../core/socket/createSocketClient.js';

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
  /**
   * The last error no call could carry, for as long as it holds — also while `ready`: the login
   * (`socket_authentication_failed`) or a subscription (`socket_subscribe_failed`) the server refused to restore after
   * a reconnect (the socket is open, but logged out or without that event), or the reconnects that gave up
   * (`max_retries_reached`, `connection` `closed`). Cleared by the next open, a login or subscription that succeeds,
   * or `connect()`.
   */
  error: LatchkeyError | undefined;
  /** `status === 'ready'`: the socket is open and carries calls (see `error` for what it may have lost). */
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

/** Before hydration (no socket on the server). */
const serverConnection: SocketConnection = { state: 'idle', reconnectAttempts: 0, error: undefined };
const getServerConnection = () => serverConnection;

/**
 * A socket client as a small view model: its connection (state, reconnect attempts, the error that still holds), read
 * with `useSyncExternalStore` so that every change re-renders, and its commands.
 */
export function useSocket({ client }: UseSocketParameters): UseSocketReturnType {
  const { state: connection, reconnectAttempts, error } = useSyncExternalStore(client.watchConnection, client.getConnection, getServerConnection);
  const status: SocketStatus = connection === 'ready' ? 'ready' : 'notReady';
  return useMemo(
    () => ({
      status,
      connection,
      reconnectAttempts,
      error,
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
