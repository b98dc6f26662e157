import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { describe, expect, it } from 'vitest';
import { isLoopbackOrigin } from '../net/loopbackOrigin.js';
import { corsHeaders } from './cors.js';

/** corsHeaders against hono's own `cors` with the same options: the same CORS headers on every kind of answer. */
const options = { allowHeaders: ['Authorization', 'Content-Type', 'X-Kit'], allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], exposeHeaders: ['Retry-After'] };

function appWith(middleware: Parameters<Hono['use']>[1]): Hono {
  const app = new Hono();
  app.use('*', middleware);
  app.get('/ok', (c) => c.json({ ok: true }));
  app.post('/ok', (c) => c.json({ ok: true }, 201, { 'x-own': 'mine' }));
  app.get('/redirect', (c) => c.redirect('/ok'));
  app.get('/page', (c) => c.html('<p>page</p>'));
  app.get('/public', (c) => c.json({ public: true }, 200, { 'access-control-allow-origin': '*' }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ error: 'boom' }, 429, { 'Retry-After': '3' }));
  app.notFound((c) => c.json({ error: 'not found' }, 404));
  return app;
}

const ours = appWith(corsHeaders({ ...options, allowOrigin: isLoopbackOrigin, maxAgeSeconds: 600 }));
const hono = appWith(cors({ ...options, origin: (origin) => (isLoopbackOrigin(origin) ? origin : null), credentials: true, maxAge: 600 }));

const CORS_HEADERS = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers', 'access-control-max-age', 'access-control-allow-methods', 'access-control-allow-headers', 'vary', 'x-own', 'retry-after', 'location', 'content-type'];

async function answer(app: Hono, method: string, path: string, headers: Record<string, string>) {
  const response = await app.request(path, { method, headers });
  return { status: response.status, headers: Object.fromEntries(CORS_HEADERS.map((name) => [name, response.headers.get(name)])), body: await response.text() };
}

describe('corsHeaders', () => {
  it('default: the same answers as hono cors — JSON, redirect, page, error, not found, preflight; loopback, foreign and no origin', async () => {
    const differences: string[] = [];
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:6006', 'https://example.com', undefined]) {
      const originHeader: Record<string, string> = origin ? { origin } : {};
      const requests: [string, string, Record<string, string>][] = [
        ['GET', '/ok', originHeader],
        ['POST', '/ok', originHeader],
        ['GET', '/redirect', originHeader],
        ['GET', '/page', originHeader],
        ['GET', '/fails', originHeader],
        ['GET', '/missing', originHeader],
        ['OPTIONS', '/ok', { ...originHeader, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' }],
      ];
      for (const [method, path, headers] of requests) {
        const [a, b] = [await answer(ours, method, path, headers), await answer(hono, method, path, headers)];
        try {
          expect(a).toEqual(b);
        } catch {
          differences.push(`${method} ${path} from ${origin ?? 'no origin'}: ${JSON.stringify(a)} vs hono ${JSON.stringify(b)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("behavior: a header the handler names itself is its own (a static asset's access-control-allow-origin: *)", async () => {
    const response = await ours.request('/public', { headers: { origin: 'http://localhost:5173' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
