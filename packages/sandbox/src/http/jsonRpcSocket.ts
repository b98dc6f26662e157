import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { MPC_SOCKET_ERRORS } from '@latchkey/protocol';
import { WebSocketServer, type WebSocket } from 'ws';
import * as z from 'zod';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors/ApiError.js';
import { formatIssuePath } from '../errors/zodIssue.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { MpcRpcError } from '../services/mpc/MpcRpcError.js';
import type { Auth } from '../services/session/authenticate.js';
import { authenticateWithAccess } from '../services/session/sessionAccess.js';

/**
 * JSON-RPC 2.0 over WebSocket on the API's own port (the MPC ceremonies). The connection logs in with
 * the session JWT (`rpc.login`, as rpc-websockets clients do); every later call checks that session
 * again (a revoked or expired one is refused), validates `params` with the method's schema and its
 * answer with the result schema. Messages of one connection are handled in order. No state but the
 * caller's token lives in the connection: the ceremonies keep theirs in the database. A connection not logged in
 * within `LOGIN_TIMEOUT_MS`, or with more than `MAX_QUEUED_MESSAGES` messages waiting to be handled, is closed with
 * 1008 (policy violation): neither idle anonymous connections nor a pipelined flood pile up in the server.
 */

export interface JsonRpcMethod {
  /** Classic or mini zod (the protocol's schemas are zod/mini): parsed with `z.safeParse`. */
  readonly params: z.core.$ZodType;
  readonly result: z.core.$ZodType;
  readonly handler: (input: { ctx: SandboxContext; auth: Auth; params: never }) => Promise<unknown>;
}

export type JsonRpcMethodTable = Readonly<Record<string, JsonRpcMethod>>;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const MAX_MESSAGE_BYTES = 256 * 1024;
/** How long a new connection has to log in (`rpc.login`); the kit logs in as soon as the socket opens. */
export const LOGIN_TIMEOUT_MS = 5_000;
/** Messages one connection may have waiting (received, not yet answered): at most 16 × 256 KiB held for it. */
export const MAX_QUEUED_MESSAGES = 16;
const POLICY_VIOLATION = 1008;

interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

class RpcFailure extends Error {
  constructor(readonly error: RpcError) {
    super(error.message);
  }
}

const unauthenticated = (message: string) => new RpcFailure({ code: MPC_SOCKET_ERRORS.unauthenticated, message, data: { reason: 'unauthenticated' } });

function toRpcError(error: unknown, onInternalError: (error: unknown) => void): RpcError {
  if (error instanceof RpcFailure) return error.error;
  if (error instanceof MpcRpcError) {
    const code = error.reason === 'invalid_params' ? INVALID_PARAMS : MPC_SOCKET_ERRORS[error.reason];
    return { code, message: error.message, data: { reason: error.reason, ...error.data } };
  }
  if (error instanceof ApiError && error.status === 401) return unauthenticated(error.message).error;
  onInternalError(error);
  return { code: INTERNAL_ERROR, message: 'Internal error.' };
}

export interface JsonRpcSocket {
  close(): Promise<void>;
  /**
   * Ends every live connection with close code 1012 (service restart), as a restarting server would; the server keeps
   * accepting new ones. Returns how many were dropped. (`POST /sandbox/admin/sockets/drop`: clients' reconnects are
   * tested against it.)
   */
  dropConnections(): number;
}

/**
 * Serves `methods` at `path` on `server` (upgrade requests from loopback origins, or with no origin: Node clients). Another
 * path: 404; another origin: 403 (both with an empty body).
 */
export function attachJsonRpcSocket(options: {
  server: Server;
  path: string;
  ctx: () => SandboxContext | undefined;
  methods: JsonRpcMethodTable;
  onInternalError: (error: unknown) => void;
}): JsonRpcSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const origin = request.headers.origin;
    if (url.pathname !== options.path || !options.ctx()) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // The socket is there, but not for a page of another origin: refused, as CORS refuses it on the HTTP routes.
    if (origin !== undefined && !isLoopbackOrigin(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  };
  options.server.on('upgrade', onUpgrade);

  function serve(ws: WebSocket): void {
    let jwt: string | undefined;
    let queue: Promise<void> = Promise.resolve();
    let queued = 0;
    let closed = false;
    const end = (reason: string) => {
      closed = true;
      ws.close(POLICY_VIOLATION, reason);
    };
    const loginTimer = setTimeout(() => {
      if (!jwt) end(`Log in (rpc.login) within ${LOGIN_TIMEOUT_MS / 1000} s of connecting.`);
    }, LOGIN_TIMEOUT_MS);
    loginTimer.unref();
    const send = (message: object) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const reply = (id: unknown, outcome: { result: unknown } | { error: RpcError }) => send({ jsonrpc: '2.0', ...outcome, id: id ?? null });

    async function call(ctx: SandboxContext, method: string, params: unknown): Promise<unknown> {
      if (method === 'rpc.login') {
        const token = (params as { jwt?: unknown } | null)?.jwt;
        if (typeof token !== 'string' || token.length === 0) throw new RpcFailure({ code: INVALID_PARAMS, message: 'rpc.login takes { jwt }.', data: { reason: 'invalid_params', path: 'jwt' } });
        try {
          await authenticateWithAccess(ctx, `Bearer ${token}`);
        } catch (error) {
          throw unauthenticated(error instanceof ApiError ? error.message : 'The session token is invalid.');
        }
        jwt = token;
        clearTimeout(loginTimer);
        return true;
      }
      if (method === '__listMethods') return ['rpc.login', ...Object.keys(options.methods)];
      const entry = options.methods[method];
      if (!entry) throw new RpcFailure({ code: METHOD_NOT_FOUND, message: `Method not found: ${method}.` });
      if (!jwt) throw unauthenticated('Log in first (rpc.login with the session JWT).');
      // A user who lost access has every session ended (`authenticateWithAccess`): -32001, as for any ended session.
      const auth = await authenticateWithAccess(ctx, `Bearer ${jwt}`).catch((error: unknown) => {
        throw error instanceof ApiError && error.code === 'user_without_access' ? unauthenticated(error.message) : error;
      });
      const parsed = z.safeParse(entry.params, params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new RpcFailure({ code: INVALID_PARAMS, message: `Invalid params: ${formatIssuePath(issue?.path ?? [])} ${issue?.message ?? ''}`.trim(), data: { reason: 'invalid_params', path: formatIssuePath(issue?.path ?? []) } });
      }
      const result = await entry.handler({ ctx, auth, params: parsed.data as never });
      const checked = z.safeParse(entry.result, result);
      if (!checked.success) throw new Error(`The answer to ${method} breaks its schema: ${checked.error.issues[0]?.message}`);
      return checked.data;
    }

    async function handle(data: string): Promise<void> {
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        reply(null, { error: { code: PARSE_ERROR, message: 'Parse error: the message is not JSON.' } });
        return;
      }
      if (Array.isArray(message)) {
        reply(null, { error: { code: INVALID_REQUEST, message: 'Batch requests are not supported.' } });
        return;
      }
      const request = message as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown } | null;
      const id = request?.id;
      const validId = id === undefined || id === null || typeof id === 'string' || typeof id === 'number';
      if (!request || typeof request !== 'object' || request.jsonrpc !== '2.0' || typeof request.method !== 'string' || !validId) {
        reply(validId ? id : null, { error: { code: INVALID_REQUEST, message: 'Invalid request: a JSON-RPC 2.0 request has jsonrpc "2.0", a method and an id.' } });
        return;
      }
      // A notification gets no answer, and no ceremony step is a notification.
      if (id === undefined) return;
      const ctx = options.ctx();
      if (!ctx) return;
      try {
        reply(id, { result: await call(ctx, request.method, request.params) });
      } catch (error) {
        reply(id, { error: toRpcError(error, options.onInternalError) });
      }
    }

    // A frame over the size limit (or a broken connection) is the connection's end, not the server's: ws closes it.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      closed = true;
      clearTimeout(loginTimer);
    });
    ws.on('message', (data, isBinary) => {
      if (closed) return;
      if (queued >= MAX_QUEUED_MESSAGES) {
        end(`More than ${MAX_QUEUED_MESSAGES} messages are waiting for an answer on this connection.`);
        return;
      }
      queued += 1;
      const text = isBinary ? '' : String(data);
      // What is still queued when the connection ends is dropped unanswered (nobody is there to read it).
      queue = queue
        .then(() => (closed ? undefined : handle(text)))
        .catch(options.onInternalError)
        .finally(() => {
          queued -= 1;
        });
    });
  }

  return {
    dropConnections: () => {
      let dropped = 0;
      for (const client of wss.clients) {
        if (client.readyState !== client.OPEN) continue;
        client.close(1012, 'The sandbox dropped this connection.');
        dropped += 1;
      }
      return dropped;
    },
    close: () =>
      new Promise((resolve) => {
        options.server.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
