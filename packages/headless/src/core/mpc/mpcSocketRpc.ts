import { mpcSocketMethods } from '@latchkey/protocol';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { SocketClient } from '../socket/createSocketClient.js';
import type { MpcRpc } from './ceremonies.js';
import { mpcError } from './mpcError.js';

/** How long a ceremony waits for the socket to (re)open, and for one reply. */
const READY_TIMEOUT_MS = 10_000;
const REPLY_TIMEOUT_MS = 30_000;

function whenReady(socket: SocketClient, timeoutMs: number): Promise<void> {
  if (socket.getStatus() === 'ready') return Promise.resolve();
  socket.connect();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new LatchkeyError('socket_not_ready'));
    }, timeoutMs);
    const stop = socket.watchStatus((status) => {
      if (status !== 'ready') return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/**
 * The MPC socket as ceremonies use it: ready, logged in with the session's JWT, each result checked
 * against its schema; a refusal by the server becomes `mpc_ceremony_refused` with the server's reason
 * (the JSON-RPC error stays the cause), while a dropped socket keeps its socket code (the session
 * machine restarts on those).
 */
export async function connectMpcSocket(socket: SocketClient, jwt: string | undefined): Promise<MpcRpc> {
  if (!jwt) throw new LatchkeyError('unauthorized', { message: 'Sign in to use the MPC wallet.' });
  await whenReady(socket, READY_TIMEOUT_MS);
  // Bounded like every call: a server that never answers the login ends the attempt (and the session machine retries).
  await socket.login({ jwt }, REPLY_TIMEOUT_MS);
  return {
    async call(method, params) {
      let result: unknown;
      try {
        result = await socket.call(method, params, REPLY_TIMEOUT_MS);
      } catch (error) {
        if (error instanceof LatchkeyError && error.code === 'socket_call_failed') {
          const rpcError = error.cause as { message?: unknown } | undefined;
          throw mpcError('mpc_ceremony_refused', { params: { reason: String(rpcError?.message ?? 'unknown') }, cause: error.cause });
        }
        throw error;
      }
      const parsed = mpcSocketMethods[method].result.safeParse(result);
      if (!parsed.success) throw new LatchkeyError('invalid_response', { cause: parsed.error });
      return parsed.data as never;
    },
  };
}
