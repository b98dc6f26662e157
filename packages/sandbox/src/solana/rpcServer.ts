import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { closeServer, listenPreferring } from '../net/listen.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { handleBody, handleOne, parseParams, RpcError, INVALID_PARAMS, type MethodTable } from './jsonRpc.js';
import type { Commitment, SignatureStatus } from './clusterTypes.js';
import type { LocalCluster } from './localCluster.js';
import { createRpcMethods } from './rpcMethods.js';

/** The largest request body (HTTP) or message (websocket) accepted. */
export const MAX_RPC_BODY_BYTES = 256 * 1024;
/** The most subscriptions one websocket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 1024;

export interface SolanaRpcServer {
  /** e.g. `http://127.0.0.1:4012` */
  readonly rpcUrl: string;
  /** e.g. `ws://127.0.0.1:4013` */
  readonly wsUrl: string;
  close(): Promise<void>;
}

export interface StartSolanaRpcOptions {
  readonly cluster: LocalCluster;
  readonly host: '127.0.0.1';
  /**
   * The JSON-RPC's preferred port; another free one is taken when it is busy. `0` picks any. The websocket prefers
   * the port after the one the JSON-RPC got: web3.js's `Connection`, given only the RPC's URL, subscribes there.
   */
  readonly port: number;
  readonly onInternalError: (error: unknown) => void;
}

const rank: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || !isLoopbackOrigin(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'Content-Type',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readText(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped (memory stays bounded), so the client gets the 413 reply.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RPC_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_RPC_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function httpHandler(methods: MethodTable, onInternalError: (error: unknown) => void) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const cors = corsHeaders(request);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { ...cors, 'Content-Type': 'text/plain' });
      response.end('ok');
      return;
    }
    if (request.method !== 'POST') {
      send(response, 405, { ...cors, Allow: 'POST' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: use POST' } });
      return;
    }
    const text = await readText(request);
    if (text === undefined) {
      send(response, 413, { ...cors, Connection: 'close' }, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: the body is too large' } });
      return;
    }
    const reply = handleBody(methods, text, onInternalError);
    if (reply === undefined) {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    send(response, 200, cors, reply);
  };
}

interface Subscription {
  readonly kind: 'signature' | 'slot';
  readonly signature?: string;
  readonly commitment: Commitment;
}

/**
 * One websocket: its subscriptions and the JSON-RPC methods that manage them (signatureSubscribe is one-shot, as on
 * a real cluster: it is removed after its notification).
 */
function serveSocket(socket: WebSocket, cluster: LocalCluster, nextId: () => number, onInternalError: (error: unknown) => void): void {
  const subscriptions = new Map<number, Subscription>();

  function notify(method: string, subscription: number, result: unknown): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value)));
  }

  function signatureReached(signature: string, status: SignatureStatus): void {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind !== 'signature' || subscription.signature !== signature) continue;
      if (rank[status.confirmationStatus] < rank[subscription.commitment]) continue;
      subscriptions.delete(id);
      notify('signatureNotification', id, { context: { slot: status.slot }, value: { err: status.err } });
    }
  }

  function subscribe(subscription: Subscription): number {
    if (subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw new RpcError(INVALID_PARAMS, `Invalid params: at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
    const id = nextId();
    subscriptions.set(id, subscription);
    return id;
  }

  function unsubscribe(kind: Subscription['kind'], params: unknown[]): boolean {
    const [id] = parseParams(z.tuple([z.number().int()]), params);
    const subscription = subscriptions.get(id);
    if (!subscription || subscription.kind !== kind) throw new RpcError(INVALID_PARAMS, 'Invalid subscription id.');
    subscriptions.delete(id);
    return true;
  }

  const commitmentConfig = z.object({ commitment: z.enum(['processed', 'confirmed', 'finalized']).optional(), enableReceivedNotification: z.boolean().optional() }).optional();
  const methods: MethodTable = {
    signatureSubscribe: (params) => {
      const [signature, config] = parseParams(z.tuple([z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid param: Invalid'), commitmentConfig]), params);
      const id = subscribe({ kind: 'signature', signature, commitment: config?.commitment ?? 'confirmed' });
      // Already there: notify right after the subscription id has been answered.
      const status = cluster.signatureStatus(signature);
      if (status) queueMicrotask(() => signatureReached(signature, status));
      return id;
    },
    signatureUnsubscribe: (params) => unsubscribe('signature', params),
    slotSubscribe: () => subscribe({ kind: 'slot', commitment: 'processed' }),
    slotUnsubscribe: (params) => unsubscribe('slot', params),
  };

  const stopSignatures = cluster.onSignature(signatureReached);
  const stopBlocks = cluster.onBlock(({ slot, finalizedSlot }) => {
    for (const [id, subscription] of subscriptions) {
      if (subscription.kind === 'slot') notify('slotNotification', id, { parent: slot - 1n, root: finalizedSlot, slot });
    }
  });

  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const reply = handleOne(methods, body, onInternalError);
    if (reply) socket.send(JSON.stringify(reply));
  });
  socket.on('close', () => {
    subscriptions.clear();
    stopSignatures();
    stopBlocks();
  });
}

/** The cluster's JSON-RPC endpoint over HTTP and its subscriptions over a websocket, each on its own loopback port. */
export async function startSolanaRpc({ cluster, host, port, onInternalError }: StartSolanaRpcOptions): Promise<SolanaRpcServer> {
  const methods = createRpcMethods(cluster);
  const handle = httpHandler(methods, onInternalError);
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      onInternalError(error);
      if (!response.headersSent) send(response, 500, {}, { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
    });
  });
  const httpPort = await listenPreferring(http, port, host);

  const wsHttp = createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain' });
    response.end('Upgrade Required');
  });
  let wss: WebSocketServer | undefined;
  try {
    const boundWsPort = await listenPreferring(wsHttp, httpPort < 65535 ? httpPort + 1 : 0, host);
    let subscriptionId = 0;
    wss = new WebSocketServer({
      server: wsHttp,
      maxPayload: MAX_RPC_BODY_BYTES,
      verifyClient: ({ origin }: { origin?: string }) => !origin || isLoopbackOrigin(origin),
    });
    wss.on('connection', (socket) => serveSocket(socket, cluster, () => (subscriptionId += 1), onInternalError));
    const openWss = wss;
    return {
      rpcUrl: `http://${host}:${httpPort}`,
      wsUrl: `ws://${host}:${boundWsPort}`,
      async close() {
        // A normal closure (1000) tells a client not to come back: web3.js reconnects after any other code, every
        // second and without end, to a port nothing serves any more. Whoever does not answer within 250 ms is cut.
        const clients = [...openWss.clients];
        const closed = clients.map((client) => new Promise<void>((resolve) => (client.readyState === client.CLOSED ? resolve() : client.once('close', () => resolve()))));
        for (const client of clients) client.close(1000, 'The local cluster stopped.');
        await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 250))]);
        for (const client of openWss.clients) client.terminate();
        await new Promise<void>((resolve) => openWss.close(() => resolve()));
        await Promise.all([closeServer(http), closeServer(wsHttp)]);
      },
    };
  } catch (error) {
    wss?.close();
    await closeServer(http).catch(() => undefined);
    await closeServer(wsHttp).catch(() => undefined);
    throw error;
  }
}
