// @latchkey/headless/socket — the JSON-RPC 2.0 over WebSocket client (SPEC §4, §7, §8) and its connection machine.
// Its own entry: a host that never opens the socket does not carry it.

export {
  createSocketClient,
  type CreateSocketClientOptions,
  type SocketClient,
  type SocketConnection,
  type SocketClock,
  type SocketListener,
  type SocketStatus,
} from '../core/socket/createSocketClient.js';
export {
  socketStatus,
  socketMachine,
  type SocketActorRef,
  type SocketConnectionState,
  type SocketContext,
  type SocketEvent,
  type SocketInput,
  type SocketMachine,
  type SocketSnapshot,
  type WebSocketConstructor,
  type WebSocketLike,
} from '../core/machines/socket/socketMachine.js';
