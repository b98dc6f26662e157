import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { closeServer, listenPreferring } from '../net/listen.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import type { CustodyContext } from './CustodyContext.js';
import { CustodyError } from './CustodyError.js';
import { EXPORT_PAGE_PATH, EXPORT_SCRIPT, EXPORT_SCRIPT_PATH, exportPage } from './exportFramePage.js';
import { handleCustodyRequest } from './handleCustodyRequest.js';
import { MPC_EXPORT_PAGE_PATH, MPC_EXPORT_SCRIPT_PATH, mpcExportPage, mpcExportScript } from './mpcExportFrame/mpcExportFramePage.js';

/** Request bodies above this are refused before they are read in full. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface CustodyServer {
  /** e.g. `http://127.0.0.1:4011` — the custody base URL. */
  readonly origin: string;
  close(): Promise<void>;
}

/** The emulator's HTTP surface: POST `/public/v1/query/{name}` and `/public/v1/submit/{name}`. */
export function createCustodyApp(ctx: CustodyContext, onInternalError: (error: unknown) => void): Hono {
  const app = new Hono();
  app.use(
    '*',
    cors({
      origin: (origin) => (isLoopbackOrigin(origin) ? origin : null),
      allowHeaders: ['Content-Type', 'X-Stamp', 'X-Stamp-WebAuthn', 'X-Client-Version'],
      allowMethods: ['POST', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  app.get(EXPORT_PAGE_PATH, (c) => {
    const page = exportPage(c.req.query('parentOrigin'), ctx.secrets.enclavePublicKey);
    return c.html(page.html, page.status, page.headers);
  });
  app.get(EXPORT_SCRIPT_PATH, (c) => c.body(EXPORT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }));
  // MPC wallets' export page: the shares are combined there only.
  app.get(MPC_EXPORT_PAGE_PATH, (c) => {
    const page = mpcExportPage(c.req.query('parentOrigin'));
    return c.html(page.html, page.status, page.headers);
  });
  app.get(MPC_EXPORT_SCRIPT_PATH, async (c) => c.body(await mpcExportScript(), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }));
  app.post('/public/v1/:kind{query|submit}/:name{[a-z0-9_]+}', async (c) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) throw new CustodyError(3, 'request body too large');
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.length > MAX_BODY_BYTES) throw new CustodyError(3, 'request body too large');
    const result = await handleCustodyRequest(ctx, {
      kind: c.req.param('kind') as 'query' | 'submit',
      name: c.req.param('name'),
      body,
      headers: { get: (name) => c.req.header(name) },
    });
    return c.json(result, 200);
  });
  // Service health (SPEC §4: healthy or unhealthy): it answers, so it is healthy.
  app.get('/health', (c) => c.json({ status: 'healthy' }, 200));
  app.notFound((c) => c.json(new CustodyError(5, 'not found').toBody(), 404));
  app.onError((error, c) => {
    if (error instanceof CustodyError) return c.json(error.toBody(), error.status);
    onInternalError(error);
    return c.json(new CustodyError(13, 'internal error').toBody(), 500);
  });
  return app;
}

/** Starts the emulator on `host:port` (another free port if that one is taken). */
export async function startCustody(options: { host: string; port: number; ctx: CustodyContext; onInternalError: (error: unknown) => void }): Promise<CustodyServer> {
  const app = createCustodyApp(options.ctx, options.onInternalError);
  // Without http2 or https options the adaptor makes a node:http server.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  const port = await listenPreferring(server, options.port, options.host);
  return { origin: `http://${options.host}:${port}`, close: () => closeServer(server) };
}
