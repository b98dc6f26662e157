import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startSandbox, type Sandbox } from '@latchkey/sandbox';
import * as esbuild from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';

/**
 * Cookie sessions in the real browser (`security.auth.storage: ['cookie']`): the session token lives in the API's
 * HttpOnly cookie — never in the page's storage or `document.cookie` — a reload restores the session through it, sign
 * out clears it, and a bad cookie signs out with 'The cookie is invalid or expired'. Its own sandbox: the project
 * setting must not reach the other files' tests.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let browser: Browser;
let server: Server;
let sandbox: Sandbox;
let hostUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true });
  const patched = await fetch(`${sandbox.url}/sandbox/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ security: { auth: { storage: ['cookie'] } } }),
  });
  if (!patched.ok) throw new Error(`admin settings answered ${patched.status}`);
  const built = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [fileURLToPath(new URL('./fixtures/cookieHost.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source', 'browser'],
    write: false,
    logLevel: 'silent',
  });
  const script = built.outputFiles[0]!.text;
  server = createServer((request, response) => {
    if (request.url?.startsWith('/host.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; script-src 'self'; connect-src http://127.0.0.1:*; style-src 'unsafe-inline'" })
      .end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Cookie host</title>' +
          '<style>body{font:16px system-ui;margin:2rem}@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}</style></head>' +
          '<body><h1>Cookie session host</h1><p id="status" role="status">loading</p><script type="module" src="/host.js"></script></body></html>',
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?sandbox=${encodeURIComponent(sandbox.url)}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await sandbox?.close();
});

const settled = (page: Page, status: string) =>
  page.waitForFunction((expected) => window.cookieHost?.status === expected, status, { timeout: 20_000 });

async function sessionCookie(context: BrowserContext) {
  // All of them: `cookies(url)` would match the path too, and the cookie is scoped to the environment's routes.
  return (await context.cookies()).find((cookie) => cookie.name === 'latchkey_session');
}

let counter = 0;
const freshEmail = (label: string) => `cookie-${label}-${Date.now().toString(36)}-${++counter}@example.test`;

describe('cookie sessions (Chromium)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`behavior: sign in, reload, still signed in; sign out clears the HttpOnly cookie (${colorScheme})`, async () => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(hostUrl);
      await settled(page, 'signedOut');
      const email = freshEmail(colorScheme);
      await page.evaluate((address) => window.cookieHost.signIn(address), email);
      await settled(page, 'signedIn');
      await screenshot(page, `cookieSession-signedIn-${colorScheme}`);

      const cookie = await sessionCookie(context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `/api/v0/sdk/${sandbox.info.environmentId}` });
      // The page's scripts cannot see the token anywhere.
      const visible = await page.evaluate(() => ({ cookies: document.cookie, stored: Object.values(localStorage).join('\n') }));
      expect(visible.cookies).not.toContain('latchkey_session');
      expect(visible.stored).not.toContain(cookie!.value);
      expect(visible.stored).not.toMatch(/"jwt"/);

      await page.reload();
      await settled(page, 'signedIn');
      expect(await page.evaluate(() => window.cookieHost.email)).toBe(email);
      await screenshot(page, `cookieSession-restored-${colorScheme}`);

      await page.evaluate(() => window.cookieHost.signOut());
      await settled(page, 'signedOut');
      expect(await sessionCookie(context)).toBeUndefined();
      await page.reload();
      await settled(page, 'signedOut');
      expect(await page.evaluate(() => window.cookieHost.error)).toBeUndefined();
      await screenshot(page, `cookieSession-signedOut-${colorScheme}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("error: a cookie that is no longer good signs out with 'The cookie is invalid or expired'", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(hostUrl);
    await settled(page, 'signedOut');
    await page.evaluate((address) => window.cookieHost.signIn(address), freshEmail('forged'));
    await settled(page, 'signedIn');
    const cookie = (await sessionCookie(context))!;
    await context.addCookies([{ ...cookie, value: `${cookie.value.slice(0, -4)}AAAA` }]);

    await page.reload();
    await settled(page, 'signedOut');
    expect(await page.evaluate(() => window.cookieHost.error)).toBe('The cookie is invalid or expired');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The cookie is invalid or expired');
    await screenshot(page, 'cookieSession-refused');
    // Forgotten: the next load does not ask again.
    await page.reload();
    await settled(page, 'signedOut');
    expect(await page.evaluate(() => window.cookieHost.error)).toBeUndefined();
    await context.close();
  });
});
