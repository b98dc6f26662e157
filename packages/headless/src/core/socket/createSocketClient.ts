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
export type SocketListener = (params: unknown) => void;

export interface SocketClient {
  getStatus(): SocketStatus;
  /** The connection state in detail and the reconnects since the last open. */
  getConnection(): { state: SocketConnectionState; reconnectAttempts: number };
  /** Called on every change of status; returns the unsubscribe. */
  watchStatus(listener: (status: SocketStatus) => void): () => void;
  /** Errors no call can carry: a subscription (or the login) that could not be restored after a reconnect. */
  onError(listener: (error: LatchkeyError) => void): () => void;
  connect(): void;
  /** Closes with code 1000 (no reconnect); pending calls are rejected. */
  close(): void;
  /** A JSON-RPC call; rejects after `timeoutMs` without a reply (none: waits until the reply or the socket's close). */
  call<T = unknown>(method: string, params?: unknown, timeoutMs?: number): Promise<T>;
  /** A JSON-RPC notification (no reply). */
  notify(method: string, params?: unknown): Promise<void>;
  /** `rpc.login`; remembered and replayed after a reconnect. */
  login(params: unknown): Promise<unknown>;
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
  const errorListeners = new Set<(error: LatchkeyError) => void>();
  let nextId = 0;
  let loginParams: { value: unknown } | undefined;
  let opened = false;
  let lastStatus: SocketStatus = 'notReady';

  const reportError = (error: LatchkeyError) => {
    for (const listener of [...errorListeners]) listener(error);
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
        if (!(await send('rpc.login', loginParams.value))) throw new LatchkeyError('socket_authentication_failed');
      } catch (error) {
        reportError(error instanceof LatchkeyError && error.code === 'socket_authentication_failed' ? error : new LatchkeyError('socket_authentication_failed', { cause: error }));
      }
    }
    const events = [...subscriptions.keys()];
    if (events.length === 0) return;
    try {
      const result = (await send('rpc.on', events)) as Record<string, unknown> | null;
      for (const event of events) {
        if (result?.[event] !== 'ok') reportError(new LatchkeyError('socket_subscribe_failed', { cause: { event, result: result?.[event] } }));
      }
    } catch (error) {
      reportError(new LatchkeyError('socket_subscribe_failed', { cause: error }));
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
      onClose: () => rejectPending(),
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const getStatus = (): SocketStatus => (actor.getSnapshot().hasTag('ready') ? 'ready' : 'notReady');
  actor.subscribe(() => {
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
    // Not connected: the server forgot the subscription with the socket, and it will not be restored.
    if (getStatus() !== 'ready') return;
    let result: Record<string, unknown> | null;
    try {
      result = (await send('rpc.off', [event])) as Record<string, unknown> | null;
    } catch (error) {
      throw new LatchkeyError('socket_unsubscribe_failed', { cause: error });
    }
    if (result?.[event] !== 'ok') throw new LatchkeyError('socket_unsubscribe_failed', { cause: { event, result: result?.[event] } });
  };

  actor.start();

  return {
    getStatus,
    getConnection: () => ({ state: socketStatus(actor.getSnapshot()), reconnectAttempts: actor.getSnapshot().context.attempts }),
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    connect: () => actor.send({ type: 'user.connect' }),
    close: () => actor.send({ type: 'user.close' }),
    call: (method, params, timeoutMs) => send(method, params, timeoutMs) as Promise<never>,
    async notify(method, params) {
      if (getStatus() !== 'ready') throw new LatchkeyError('socket_not_ready');
      actor.send({ type: 'user.send', data: JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }) });
    },
    async login(params) {
      let result: unknown;
      try {
        result = await send('rpc.login', params);
      } catch (error) {
        if (error instanceof LatchkeyError && (error.code === 'socket_not_ready' || error.code === 'socket_closed_before_reply')) throw error;
        throw new LatchkeyError('socket_authentication_failed', { cause: error });
      }
      if (!result) throw new LatchkeyError('socket_authentication_failed');
      loginParams = { value: params };
      return result;
    },
    listMethods: () => send('__listMethods', undefined) as Promise<string[]>,
    async subscribe(event, listener) {
      const existing = subscriptions.get(event);
      if (existing) {
        existing.listeners.add(listener);
        await existing.ready;
        return () => unsubscribe(event, listener);
      }
      const subscription: Subscription = { listeners: new Set([listener]), ready: Promise.resolve() };
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
      return () => unsubscribe(event, listener);
    },
    unsubscribe,
  };
}
