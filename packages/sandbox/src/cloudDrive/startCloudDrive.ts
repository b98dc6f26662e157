import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { Database } from '../db/database.js';
import { closeServer, listenPreferring } from '../net/listen.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { CLOUD_DRIVE_CLIENT_ID, CLOUD_DRIVE_PROVIDERS, createTokenVerifier, newPkce, openState, signState, type CloudDriveProvider } from './cloudDriveAuth.js';
import { CALLBACK_SCRIPT, CALLBACK_SCRIPT_PATH, callbackPage, errorPage } from './cloudDrivePages.js';

/**
 * The cloud-drive emulator (`googleDrive`, `icloud`), on its own loopback origin (API port + 6): the
 * place the kit keeps a password-encrypted MPC backup when the project offers a drive
 * (`sdk.waas.backupOptions`). Files are per provider and per account of the sandbox's OIDC provider.
 * - GET `/connect?provider=&origin=&login_hint=`: a popup; signs in at the OIDC provider (PKCE) and
 *   comes back to GET `/callback`, which redeems the code and posts
 *   `{ type: 'latchkey:cloud-drive-token', provider, accessToken, expiresIn }` to the opener on `origin`.
 * - PUT / GET `/drive/v1/{provider}/files/{name}` with `Authorization: Bearer <accessToken>`: a file
 *   of that account (up to 64 KiB of text). CORS for loopback origins.
 */

const MAX_FILE_BYTES = 64 * 1024;
const NAME = /^[A-Za-z0-9._-]{1,128}$/;

export interface CloudDriveServer {
  readonly origin: string;
  close(): Promise<void>;
}

export interface CloudDriveContext {
  readonly db: Database;
  readonly environmentId: string;
  readonly issuer: string;
  /** Signs the pending authorisations. */
  readonly stateKey: Buffer;
  readonly now: () => Date;
}

const isProvider = (value: string | undefined): value is CloudDriveProvider => (CLOUD_DRIVE_PROVIDERS as readonly string[]).includes(value ?? '');

export function createCloudDriveApp(ctx: CloudDriveContext, origin: () => string): Hono {
  const app = new Hono();
  const verifier = createTokenVerifier(ctx.issuer);
  app.use('/drive/*', cors({ origin: (o) => (isLoopbackOrigin(o) ? o : null), allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET', 'PUT', 'OPTIONS'], maxAge: 600 }));
  const html = (c: Context, page: { html: string; headers: Record<string, string> }, status: 200 | 400 = 200) => c.html(page.html, status, page.headers);

  app.get('/connect', (c) => {
    const provider = c.req.query('provider');
    const appOrigin = c.req.query('origin') ?? '';
    if (!isProvider(provider) || !isLoopbackOrigin(appOrigin)) return html(c, errorPage('provider (googleDrive or icloud) and a loopback origin are required.'), 400);
    const pkce = newPkce();
    const state = signState(ctx.stateKey, { provider, origin: new URL(appOrigin).origin, verifier: pkce.verifier }, ctx.now().getTime());
    const url = new URL('/signin', ctx.issuer);
    const hint = c.req.query('login_hint');
    for (const [key, value] of Object.entries({
      client_id: CLOUD_DRIVE_CLIENT_ID,
      redirect_uri: `${origin()}/callback`,
      response_type: 'code',
      scope: 'openid email drive.file',
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      provider,
      ...(hint ? { login_hint: hint } : {}),
    })) {
      url.searchParams.set(key, value);
    }
    return c.redirect(url.href, 302);
  });

  app.get('/callback', async (c) => {
    const pending = openState(ctx.stateKey, c.req.query('state') ?? '', ctx.now().getTime());
    if (!pending) return html(c, errorPage('This sign-in is invalid or expired; try again.'), 400);
    const code = c.req.query('code');
    if (!code) return html(c, callbackPage({ origin: pending.origin, provider: pending.provider, error: c.req.query('error') ?? 'access_denied' }));
    const response = await fetch(`${ctx.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${origin()}/callback`, client_id: CLOUD_DRIVE_CLIENT_ID, code_verifier: pending.verifier }),
    });
    const token = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !token.access_token) return html(c, callbackPage({ origin: pending.origin, provider: pending.provider, error: 'invalid_grant' }));
    return html(c, callbackPage({ origin: pending.origin, provider: pending.provider, accessToken: token.access_token, expiresIn: token.expires_in ?? 3600 }));
  });
  app.get(CALLBACK_SCRIPT_PATH, (c) => c.body(CALLBACK_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }));

  const owner = async (c: Context) => {
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    return token ? verifier.subjectOf(token) : undefined;
  };
  const denied = (c: Context) => c.json({ error: { code: 'unauthorized', message: 'A valid access token of the sandbox OIDC provider is required.' } }, 401);

  app.put('/drive/v1/:provider/files/:name', async (c) => {
    const provider = c.req.param('provider');
    const name = c.req.param('name');
    if (!isProvider(provider) || !NAME.test(name)) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    const sub = await owner(c);
    if (!sub) return denied(c);
    const content = await c.req.text();
    if (Buffer.byteLength(content) > MAX_FILE_BYTES) return c.json({ error: { code: 'invalid_request', message: 'The file is too large.' } }, 413);
    await ctx.db.query(
      `INSERT INTO cloud_drive_files (environment_id, provider, owner, name, content, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (environment_id, provider, owner, name) DO UPDATE SET content = EXCLUDED.content, updated_at = EXCLUDED.updated_at`,
      [ctx.environmentId, provider, sub, name, content, ctx.now().toISOString()],
    );
    return c.json({ name, size: Buffer.byteLength(content) }, 200);
  });

  app.get('/drive/v1/:provider/files/:name', async (c) => {
    const provider = c.req.param('provider');
    const name = c.req.param('name');
    if (!isProvider(provider) || !NAME.test(name)) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    const sub = await owner(c);
    if (!sub) return denied(c);
    const rows = await ctx.db.query<{ content: string }>('SELECT content FROM cloud_drive_files WHERE environment_id = $1 AND provider = $2 AND owner = $3 AND name = $4', [ctx.environmentId, provider, sub, name]);
    if (!rows[0]) return c.json({ error: { code: 'not_found', message: 'No such file in this drive.' } }, 404);
    return c.body(rows[0].content, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  });
  app.get('/health', (c) => c.json({ status: 'healthy' }, 200));
  return app;
}

/** The drive's state key from the MPC master key (no key of its own to keep). */
export const cloudDriveStateKey = (masterKey: Buffer) => createHmac('sha256', masterKey).update('latchkey cloud drive state').digest();

export async function startCloudDrive(options: { host: string; port: number; ctx: CloudDriveContext }): Promise<CloudDriveServer> {
  let origin = '';
  const app = createCloudDriveApp(options.ctx, () => origin);
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  const port = await listenPreferring(server, options.port, options.host);
  origin = `http://${options.host}:${port}`;
  return { origin, close: () => closeServer(server) };
}
