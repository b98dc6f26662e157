import { SOCKET_MAX_RECONNECTS, SOCKET_NORMAL_CLOSE_CODE, SOCKET_RECONNECT_INTERVAL_MS } from '@latchkey/protocol/constants';
import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** The part of the WebSocket API the client uses (the browser's, or `ws` in Node). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface SocketInput {
  url: string;
  WebSocket: WebSocketConstructor;
  /** Connect as soon as the actor starts. Default true. */
  autoConnect?: boolean;
  /** Reconnect after a close whose code is not 1000. Default true. */
  reconnect?: boolean;
  /** Default 1000 ms (SPEC §9). */
  reconnectInterval?: number;
  /** Default 5; 0 = unlimited (SPEC §4). */
  maxReconnects?: number;
  /** Every text frame the server sends. */
  onMessage: (data: string) => void;
  onOpen: () => void;
  onClose: (code: number) => void;
}

export interface SocketContext {
  input: SocketInput;
  reconnect: boolean;
  reconnectInterval: number;
  maxReconnects: number;
  /** Reconnects since the last open. */
  attempts: number;
}

export type SocketEvent =
  | { type: 'user.connect' }
  | { type: 'user.close' }
  | { type: 'user.send'; data: string }
  | { type: 'server.open' }
  | { type: 'server.close'; code: number };

const CONNECTING = 0;
const OPEN = 1;

/**
 * The socket's life (SPEC §4): not ready (`connecting`, `waiting` to reconnect, `closed`, `idle`) ⇄ `ready`. After a
 * close with a code other than 1000 it waits `reconnectInterval` and opens again, at most `maxReconnects` times in a
 * row (0 = no limit); an open resets the count. `user.close` closes with 1000 and never reconnects.
 */
export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
    tags: {} as 'ready',
  },
  delays: {
    reconnectInterval: ({ context }) => context.reconnectInterval,
  },
  actors: {
    connection: fromCallback<SocketEvent, { url: string; WebSocket: WebSocketConstructor; onMessage: (data: string) => void }>(({ input, sendBack, receive }) => {
      const socket = new input.WebSocket(input.url);
      socket.onopen = () => sendBack({ type: 'server.open' });
      socket.onclose = (event) => sendBack({ type: 'server.close', code: event.code });
      socket.onmessage = (event) => input.onMessage(typeof event.data === 'string' ? event.data : String(event.data));
      // A failed socket always closes too; the close is what counts.
      socket.onerror = () => undefined;
      receive((event) => {
        if (event.type === 'user.send' && socket.readyState === OPEN) socket.send(event.data);
      });
      return () => {
        socket.onopen = null;
        socket.onclose = null;
        socket.onmessage = null;
        if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close(SOCKET_NORMAL_CLOSE_CODE);
      };
    }),
  },
  actions: {
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    notifyOpen: ({ context }) => context.input.onOpen(),
    notifyClose: ({ context }, params: { code: number }) => context.input.onClose(params.code),
    forward: sendTo('connection', ({ event }) => event),
  },
  guards: {
    startsConnected: ({ context }) => context.input.autoConnect !== false,
    canReconnect: ({ context }, params: { code: number }) =>
      context.reconnect && params.code !== SOCKET_NORMAL_CLOSE_CODE && (context.maxReconnects === 0 || context.attempts < context.maxReconnects),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({
    input,
    reconnect: input.reconnect ?? true,
    reconnectInterval: input.reconnectInterval ?? SOCKET_RECONNECT_INTERVAL_MS,
    maxReconnects: input.maxReconnects ?? SOCKET_MAX_RECONNECTS,
    attempts: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'startsConnected', target: 'open' },
      on: { 'user.connect': 'open' },
    },
    open: {
      initial: 'connecting',
      invoke: {
        id: 'connection',
        src: 'connection',
        input: ({ context }) => ({ url: context.input.url, WebSocket: context.input.WebSocket, onMessage: context.input.onMessage }),
      },
      on: {
        'user.send': { actions: 'forward' },
        'server.close': [
          {
            guard: { type: 'canReconnect', params: ({ event }) => ({ code: event.code }) },
            target: 'waiting',
            actions: ['countAttempt', { type: 'notifyClose', params: ({ event }) => ({ code: event.code }) }],
          },
          { target: 'closed', actions: { type: 'notifyClose', params: ({ event }) => ({ code: event.code }) } },
        ],
        // Leaving `open` closes the socket with 1000 (the connection's cleanup); its close event is not waited for.
        'user.close': { target: 'closed', actions: { type: 'notifyClose', params: { code: SOCKET_NORMAL_CLOSE_CODE } } },
      },
      states: {
        connecting: {
          on: { 'server.open': { target: 'ready', actions: ['resetAttempts', 'notifyOpen'] } },
        },
        ready: { tags: ['ready'] },
      },
    },
    waiting: {
      after: { reconnectInterval: 'open' },
      on: { 'user.close': 'closed', 'user.connect': 'open' },
    },
    closed: {
      on: { 'user.connect': { target: 'open', actions: 'resetAttempts' } },
    },
  },
});

export type SocketMachine = typeof socketMachine;
export type SocketActorRef = ActorRefFrom<typeof socketMachine>;
export type SocketSnapshot = SnapshotFrom<typeof socketMachine>;
/** Where the connection is: `ready`, or one of the not-ready states. */
export type SocketConnectionState = 'idle' | 'connecting' | 'ready' | 'waiting' | 'closed';

export function socketStatus(snapshot: SocketSnapshot): SocketConnectionState {
  if (snapshot.matches({ open: 'ready' })) return 'ready';
  if (snapshot.matches({ open: 'connecting' })) return 'connecting';
  return snapshot.value as SocketConnectionState;
}
