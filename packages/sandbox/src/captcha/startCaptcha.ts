import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Database } from '../db/database.js';
import { closeServer, listenPreferring } from '../net/listen.js';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import type { SettingsStore } from '../services/settings/settingsStore.js';
import { CAPTCHA_SCRIPT } from './captchaScript.js';
import { issueCaptchaToken, redeemCaptchaToken } from './captchaTokens.js';

/**
 * The captcha emulator (`security.hCaptcha`), on its own loopback origin (API port + 7): the provider a project's
 * captcha talks to, offline.
 * - GET `/1/api.js`: the widget script (see captchaScript.ts).
 * - POST `/challenge` `{ sitekey }` → `{ token }`: what `execute` calls; only the environment's configured site key
 *   gets a token (400 `{ error: 'invalid-sitekey' }` otherwise, or when the captcha is off). CORS for loopback origins.
 * - POST `/siteverify` (form or JSON: `response`, `sitekey`) → `{ success, 'error-codes'? }`: hCaptcha's verify
 *   answer for a host's own server. Each token is good once, for its site key, for 120 s. The product API redeems
 *   tokens the same way (services/captcha), without the HTTP hop.
 */
export interface CaptchaContext {
  readonly db: Database;
  readonly environmentId: string;
  readonly settings: SettingsStore;
  readonly now: () => Date;
  /** See `SandboxContext.sweepOneIn`. */
  readonly sweepOneIn: number;
}

export interface CaptchaServer {
  readonly origin: string;
  close(): Promise<void>;
}

export function createCaptchaApp(ctx: CaptchaContext): Hono {
  const app = new Hono();
  app.use('/challenge', cors({ origin: (o) => (isLoopbackOrigin(o) ? o : null), allowHeaders: ['Content-Type'], allowMethods: ['POST', 'OPTIONS'], maxAge: 600 }));
  app.get('/1/api.js', (c) => c.body(CAPTCHA_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'access-control-allow-origin': '*' }));
  app.post('/challenge', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { sitekey?: unknown };
    const captcha = (await ctx.settings.get()).security.hCaptcha;
    if (!captcha?.enabled || typeof body.sitekey !== 'string' || body.sitekey !== captcha.siteKey) return c.json({ error: 'invalid-sitekey' }, 400);
    return c.json({ token: await issueCaptchaToken(ctx.db, ctx, body.sitekey) }, 200);
  });
  app.post('/siteverify', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const fields = type.includes('application/json') ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : await c.req.parseBody();
    const response = typeof fields['response'] === 'string' ? fields['response'] : '';
    const sitekey = typeof fields['sitekey'] === 'string' ? fields['sitekey'] : (await ctx.settings.get()).security.hCaptcha?.siteKey ?? '';
    if (response === '') return c.json({ success: false, 'error-codes': ['missing-input-response'] }, 200);
    const verdict = await redeemCaptchaToken(ctx.db, ctx.environmentId, sitekey, response, ctx.now());
    return c.json(verdict === 'ok' ? { success: true, sitekey } : { success: false, 'error-codes': [verdict] }, 200);
  });
  app.get('/health', (c) => c.json({ status: 'healthy' }, 200));
  return app;
}

export async function startCaptcha(options: { host: string; port: number; ctx: CaptchaContext }): Promise<CaptchaServer> {
  const app = createCaptchaApp(options.ctx);
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  const port = await listenPreferring(server, options.port, options.host);
  return { origin: `http://${options.host}:${port}`, close: () => closeServer(server) };
}
