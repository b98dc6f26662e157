import { SOCKET_NORMAL_CLOSE_CODE } from '@latchkey/protocol/constants';
import { createActor } from 'xstate';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { socketStatus, socketMachine, type SocketConnectionState, type WebSocketConstructor } from '../machines/socket/socketMachine.js';

/** Timers for the reconnect interval and the reply timeouts, shaped like xstate's (its `SimulatedClock` fits). */
export interface SocketClock {
  setTimeout(callback: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface CreateSocketClientOptions {
  url: string;
  /** Default `globalThis.WebSocket`; in Node pass `ws`'s. */
  WebSocket?: WebSocketConstructor;
  autoConnect?: boolean;
  reconnect?: boolean;
  reconnectInterval?: number;
  maxReconnects?: number;
  clock?: SocketClock;
}

export type SocketStatus = 'notReady' | 'ready';

/**
 * How long the login and subscriptions replayed after a reconnect wait for their replies: a server that never answers
 * them is reported (`socket_authentication_failed`, `socket_subscribe_failed`) instead of restoring nothing, silently.
 */
export const RESTORE_REPLY_TIMEOUT_MS = 30_000;

/** The connection as one value: a new object on every change, the same one until then (a `useSyncExternalStore` snapshot). */
export interface SocketConnection {
  state: SocketConnectionState;
  /** Reconnects since the last open. */
  reconnectAttempts: number;
  /**
   * The last error no call could carry that still holds: the login (`socket_authentication_failed`) or a subscription
   * (`socket_subscribe_failed`) the server refused to restore after a reconnect — set while the socket is `ready` —, or
   * the reconnects that gave up (`max_retries_reached`). Cleared by the next open (the restore runs again), a login or a
   * subscription that succeeds, unsubscribing the event, or `connect()`.
   */
  error: LatchkeyError | undefined;
}
export type SocketListener = (params: unknown) => void;

export interface SocketClient {
  getStatus(): SocketStatus;
  /** The connection state in detail, the reconnects since the last open and the error that still holds. */
  getConnection(): SocketConnection;
  /** Called on every change of the connection (state, attempts or error); returns the unsubscribe. */
  watchConnection(listener: (connection: SocketConnection) => void): () => void;
  /** Called on every change of status; returns the unsubscribe. */
  watchStatus(listener: (status: SocketStatus) => void): () => void;
  /**
   * Errors no call can carry, as they happen: a subscription (or the login) that could not be restored after a
   * reconnect, and the reconnects that gave up (`max_retries_reached`).
   */
  onError(listener: (error: LatchkeyError) => void): () => void;
  connect(): void;
  /** Closes with code 1000 (no reconnect); pending calls are rejected. */
  close(): void;
  /** A JSON-RPC call; rejects after `timeoutMs` without a reply (none: waits until the reply or the socket's close). */
  call<T = unknown>(method: string, params?: unknown, timeoutMs?: number): Promise<T>;
  /** A JSON-RPC notification (no reply). */
  notify(method: string, params?: unknown): Promise<void>;
  /**
   * `rpc.login`; remembered and replayed after a reconnect. Rejects after `timeoutMs` without a reply
   * (`socket_reply_timeout`; none: waits until the reply or the socket's close).
   */
  login(params: unknown, timeoutMs?: number): Promise<unknown>;
  listMethods(): Promise<string[]>;
  /** `rpc.on` for the first listener of an event; restored after every reconnect. Resolves to the unsubscribe. */
  subscribe(event: string, listener: SocketListener): Promise<() => Promise<void>>;
  /** Removes the listener (or all of the event's); `rpc.off` when none is left. */
  unsubscribe(event: string, listener?: SocketListener): Promise<void>;
}

interface PendingCall {
  method: string;
  resolve(value: unknown): void;
  reject(error: LatchkeyError): void;
  timer: unknown;
}

interface Subscription {
  listeners: Set<SocketListener>;
  /** The `rpc.on` under way for the first listener. */
  ready: Promise<void>;
  /** The server refused to restore it after a reconnect: the next `subscribe` asks again. */
  lost: boolean;
}

const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

function describeRpcError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const record = error as { message?: unknown; data?: unknown; code?: unknown };
    const parts = [record.message, record.data].filter((part) => typeof part === 'string' && part.length > 0);
    if (parts.length > 0) return parts.join(': ');
    if (record.code !== undefined) return `error ${String(record.code)}`;
  }
  return 'unknown error';
}

const realClock: SocketClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * A JSON-RPC 2.0 client over WebSocket (SPEC §4, §7, §8), the connection driven by `socketMachine`. Beyond the common
 * implementations: every call pending when the socket dies is rejected (`socket_closed_before_reply`), and after a
 * reconnect the login and every subscription are restored before anything else is sent.
 */
export function createSocketClient(options: CreateSocketClientOptions): SocketClient {
  const clock = options.clock ?? realClock;
  const WebSocketImpl = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!WebSocketImpl) throw new LatchkeyError('invalid_config', { params: { reason: 'no WebSocket implementation: pass options.WebSocket' } });

  const pending = new Map<number, PendingCall>();
  const subscriptions = new Map<string, Subscription>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  const connectionListeners = new Set<(connection: SocketConnection) => void>();
  const errorListeners = new Set<(error: LatchkeyError) => void>();
  /** The errors that still hold, by what they are about (`login`, `subscribe:<event>`, `reconnect`), the last reported last. */
  const problems = new Map<string, LatchkeyError>();
  let nextId = 0;
  let loginParams: { value: unknown } | undefined;
  let opened = false;
  let lastStatus: SocketStatus = 'notReady';
  let lastCloseCode: number | undefined;
  let connection: SocketConnection = { state: 'idle', reconnectAttempts: 0, error: undefined };

  /** A new `connection` (and its listeners called) when the state, the attempts or the error changed. */
  const publishConnection = () => {
    const snapshot = actor.getSnapshot();
    const next = { state: socketStatus(snapshot), reconnectAttempts: snapshot.context.attempts, error: [...problems.values()].at(-1) };
    if (next.state === connection.state && next.reconnectAttempts === connection.reconnectAttempts && next.error === connection.error) return;
    connection = next;
    for (const listener of [...connectionListeners]) listener(connection);
  };

  const reportError = (about: string, error: LatchkeyError) => {
    problems.delete(about);
    problems.set(about, error);
    publishConnection();
    for (const listener of [...errorListeners]) listener(error);
  };

  const resolveError = (about: string) => {
    if (problems.delete(about)) publishConnection();
  };

  const settle = (id: number, outcome: { value: unknown } | { error: LatchkeyError }) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (call.timer !== undefined) clock.clearTimeout(call.timer);
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.value);
  };

  const onMessage = (data: string) => {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const record = message as Record<string, unknown>;
    if (typeof record['notification'] === 'string') {
      const subscription = subscriptions.get(record['notification']);
      for (const listener of subscription ? [...subscription.listeners] : []) listener(record['params']);
      return;
    }
    if (typeof record['id'] !== 'number') return;
    const call = pending.get(record['id']);
    if (!call) return;
    const hasResult = hasOwn(record, 'result');
    const hasError = hasOwn(record, 'error');
    if (hasResult === hasError) {
      settle(record['id'], { error: new LatchkeyError('socket_response_malformed', { cause: record }) });
    } else if (hasError) {
      settle(record['id'], { error: new LatchkeyError('socket_call_failed', { params: { method: call.method, reason: describeRpcError(record['error']) }, cause: record['error'] }) });
    } else {
      settle(record['id'], { value: record['result'] });
    }
  };

  const rejectPending = () => {
    for (const [id, call] of [...pending]) settle(id, { error: new LatchkeyError('socket_closed_before_reply', { params: { method: call.method } }) });
  };

  const restore = async () => {
    if (loginParams) {
      try {
        if (!(await send('rpc.login', loginParams.value, RESTORE_REPLY_TIMEOUT_MS))) throw new LatchkeyError('socket_authentication_failed');
      } catch (error) {
        reportError('login', error instanceof LatchkeyError && error.code === 'socket_authentication_failed' ? error : new LatchkeyError('socket_authentication_failed', { cause: error }));
      }
    }
    const events = [...subscriptions.keys()];
    if (events.length === 0) return;
    try {
      const result = (await send('rpc.on', events, RESTORE_REPLY_TIMEOUT_MS)) as Record<string, unknown> | null;
      for (const event of events) {
        const subscription = subscriptions.get(event);
        if (subscription) subscription.lost = result?.[event] !== 'ok';
        if (result?.[event] !== 'ok') reportError(`subscribe:${event}`, new LatchkeyError('socket_subscribe_failed', { cause: { event, result: result?.[event] } }));
      }
    } catch (error) {
      for (const event of events) {
        const subscription = subscriptions.get(event);
        if (subscription) subscription.lost = true;
      }
      reportError('subscribe', new LatchkeyError('socket_subscribe_failed', { cause: error }));
    }
  };

  const actor = createActor(socketMachine, {
    input: {
      url: options.url,
      WebSocket: WebSocketImpl,
      autoConnect: options.autoConnect,
      reconnect: options.reconnect,
      reconnectInterval: options.reconnectInterval,
      maxReconnects: options.maxReconnects,
      onMessage,
      onOpen: () => {
        const reopened = opened;
        opened = true;
        // After the transition: the snapshot says `ready` by then.
        if (reopened) queueMicrotask(() => void restore());
      },
      onClose: (code) => {
        lastCloseCode = code;
        rejectPending();
      },
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const getStatus = (): SocketStatus => (actor.getSnapshot().hasTag('ready') ? 'ready' : 'notReady');
  actor.subscribe((snapshot) => {
    const previous = connection.state;
    const state = socketStatus(snapshot);
    // A new connection: what the last one lost is restored again (and reported again if it still fails).
    if (state === 'ready' && previous !== 'ready') problems.clear();
    const { context } = snapshot;
    const gaveUp =
      state === 'closed' &&
      (previous === 'connecting' || previous === 'ready') &&
      lastCloseCode !== SOCKET_NORMAL_CLOSE_CODE &&
      context.reconnect &&
      context.maxReconnects !== 0 &&
      context.attempts >= context.maxReconnects;
    if (gaveUp) reportError('reconnect', new LatchkeyError('max_retries_reached', { cause: { closeCode: lastCloseCode, reconnectAttempts: context.attempts } }));
    else publishConnection();
    const status = getStatus();
    if (status === lastStatus) return;
    lastStatus = status;
    for (const listener of [...statusListeners]) listener(status);
  });

  function send(method: string, params: unknown, timeoutMs?: number): Promise<unknown> {
    if (getStatus() !== 'ready') return Promise.reject(new LatchkeyError('socket_not_ready'));
    nextId += 1;
    const id = nextId;
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : clock.setTimeout(() => settle(id, { error: new LatchkeyError('socket_reply_timeout', { params: { method, timeoutMs } }) }), timeoutMs);
      pending.set(id, { method, resolve, reject, timer });
      actor.send({ type: 'user.send', data: JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }), id }) });
    });
  }

  const unsubscribe = async (event: string, listener?: SocketListener) => {
    const subscription = subscriptions.get(event);
    if (!subscription) return;
    if (listener) subscription.listeners.delete(listener);
    else subscription.listeners.clear();
    if (subscription.listeners.size > 0) return;
    subscriptions.delete(event);
    resolveError(`subscribe:${event}`);
    // Not connected (or lost with the last one): the server has no such subscription, and it will not be restored.
    if (getStatus() !== 'ready' || subscription.lost) return;
    let result: Record<string, unknown> | null;
    try {
      result = (await send('rpc.off', [event])) as Record<string, unknown> | null;
    } catch (error) {
      throw new LatchkeyError('socket_unsubscribe_failed', { cause: error });
    }
    if (result?.[event] !== 'ok') throw new LatchkeyError('socket_unsubscribe_failed', { cause: { event, result: result?.[event] } });
  };

  actor.start();
  publishConnection();

  return {
    getStatus,
    getConnection: () => connection,
    watchConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    connect() {
      // Trying again: the reconnects that gave up are no longer the news.
      problems.delete('reconnect');
      actor.send({ type: 'user.connect' });
      publishConnection();
    },
    close: () => actor.send({ type: 'user.close' }),
    call: (method, params, timeoutMs) => send(method, params, timeoutMs) as Promise<never>,
    async notify(method, params) {
      if (getStatus() !== 'ready') throw new LatchkeyError('socket_not_ready');
      actor.send({ type: 'user.send', data: JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }) });
    },
    async login(params, timeoutMs) {
      let result: unknown;
      try {
        result = await send('rpc.login', params, timeoutMs);
      } catch (error) {
        if (error instanceof LatchkeyError && (error.code === 'socket_not_ready' || error.code === 'socket_closed_before_reply' || error.code === 'socket_reply_timeout')) throw error;
        throw new LatchkeyError('socket_authentication_failed', { cause: error });
      }
      if (!result) throw new LatchkeyError('socket_authentication_failed');
      loginParams = { value: params };
      resolveError('login');
      return result;
    },
    listMethods: () => send('__listMethods', undefined) as Promise<string[]>,
    async subscribe(event, listener) {
      const existing = subscriptions.get(event);
      if (existing && !existing.lost) {
        existing.listeners.add(listener);
        await existing.ready;
        return () => unsubscribe(event, listener);
      }
      // A subscription lost at the last reconnect keeps its listeners and is asked for again.
      const subscription: Subscription = existing ?? { listeners: new Set(), ready: Promise.resolve(), lost: false };
      subscription.listeners.add(listener);
      subscription.lost = false;
      subscription.ready = (async () => {
        let result: Record<string, unknown> | null;
        try {
          result = (await send('rpc.on', [event])) as Record<string, unknown> | null;
        } catch (error) {
          throw new LatchkeyError('socket_subscribe_failed', { cause: error });
        }
        if (result?.[event] !== 'ok') throw new LatchkeyError('socket_subscribe_failed', { cause: { event, result: result?.[event] } });
      })();
      subscriptions.set(event, subscription);
      try {
        await subscription.ready;
      } catch (error) {
        if (subscriptions.get(event) === subscription) subscriptions.delete(event);
        throw error;
      }
      resolveError(`subscribe:${event}`);
      return () => unsubscribe(event, listener);
    },
    unsubscribe,
  };
}
