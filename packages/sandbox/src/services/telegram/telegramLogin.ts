import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { closeServer, listenPreferring } from '../../net/listen.js';
import { escapeHtml } from '../../html/escapeHtml.js';

/**
 * The Telegram login simulator: a page on its own loopback origin that plays Telegram's login
 * widget. It signs the user data as Telegram does — HMAC-SHA-256 over the data-check string (the
 * fields sorted by key, `key=value` lines joined by `\n`, `hash` left out), keyed with SHA-256 of the
 * bot token — and sends the browser back to `return_to` with `#tgAuthResult=<base64url JSON>`.
 */

/** The widget's fields, as Telegram names them. */
export interface TelegramWidgetData {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
  photo_url?: string | undefined;
  auth_date: number;
}

export function telegramDataCheckString(data: TelegramWidgetData): string {
  return Object.entries(data)
    .filter(([key, value]) => key !== 'hash' && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`)
    .sort()
    .join('\n');
}

export function telegramHash(botToken: string, data: TelegramWidgetData): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(data)).digest('hex');
}

/** Timing-safe comparison of a received hash with the one the bot token gives. */
export function isTelegramHashValid(botToken: string, data: TelegramWidgetData, hash: string): boolean {
  const expected = Buffer.from(telegramHash(botToken, data), 'hex');
  const given = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface TelegramSimulator {
  /** e.g. `http://127.0.0.1:4015` */
  readonly origin: string;
  close(): Promise<void>;
}

const HEADERS = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'cache-control': 'no-store' };

/** Starts the simulator on `host:port` (another free port if that one is taken). */
export async function startTelegramSimulator(options: { host: string; port: number; botToken: string; now: () => Date }): Promise<TelegramSimulator> {
  const app = new Hono();
  app.get('/auth', (c) => {
    const returnTo = c.req.query('return_to') ?? '';
    const botId = c.req.query('bot_id') ?? '';
    const hidden = `<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}"><input type="hidden" name="bot_id" value="${escapeHtml(botId)}">`;
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in with Telegram (sandbox)</title>
<style>body{font:16px system-ui;margin:2rem;max-width:24rem}label,input,button{display:block;width:100%;margin:.4rem 0}input,button{padding:.5rem;font:inherit}</style></head>
<body><h1>Telegram (sandbox)</h1><form method="get" action="/auth/confirm">${hidden}
<label for="id">Telegram user id</label><input id="id" name="id" inputmode="numeric" required value="100200300">
<label for="first_name">First name</label><input id="first_name" name="first_name" required value="Ada">
<label for="username">Username</label><input id="username" name="username" value="ada">
<button type="submit">Log in</button></form></body></html>`,
      200,
      HEADERS,
    );
  });
  app.get('/auth/confirm', (c) => {
    let returnTo: URL;
    try {
      returnTo = new URL(c.req.query('return_to') ?? '');
    } catch {
      return c.html('<!doctype html><title>Bad request</title><p>return_to is missing or invalid.</p>', 400, HEADERS);
    }
    const id = Number(c.req.query('id'));
    const firstName = c.req.query('first_name')?.trim();
    if (!Number.isSafeInteger(id) || id <= 0 || !firstName) return c.html('<!doctype html><title>Bad request</title><p>An id and a first name are needed.</p>', 400, HEADERS);
    const data: TelegramWidgetData = {
      id,
      first_name: firstName,
      username: c.req.query('username')?.trim() || undefined,
      auth_date: Math.floor(options.now().getTime() / 1000),
    };
    const result = { ...data, hash: telegramHash(options.botToken, data) };
    returnTo.hash = `tgAuthResult=${Buffer.from(JSON.stringify(result)).toString('base64url')}`;
    return c.redirect(returnTo.href, 302);
  });

  // Without http2 or https options the adaptor makes a node:http server.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  const port = await listenPreferring(server, options.port, options.host);
  return { origin: `http://${options.host}:${port}`, close: () => closeServer(server) };
}
