import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { uniqueEmail } from './sandbox.js';

/**
 * Export in the real browser: the embedded wallet's key is decrypted and shown only inside the
 * custody origin's iframe; the host page's DOM and storage never contain it.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let browser: Browser;
let server: Server;
let hostUrl: string;

beforeAll(async () => {
  const built = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [fileURLToPath(new URL('./fixtures/exportHost.ts', import.meta.url))],
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
      .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; script-src 'self'; connect-src http://127.0.0.1:*; frame-src http://127.0.0.1:*; style-src 'unsafe-inline'" })
      .end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Export host</title></head><body><h1>Host</h1><div id="export"></div><script type="module" src="/host.js"></script></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe('embedded wallet export (Chromium)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`default: the key shows inside the custody iframe only (${colorScheme})`, async () => {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const email = uniqueEmail(`export-${colorScheme}`);
      await page.goto(`${hostUrl}?sandbox=${encodeURIComponent(inject('e2eSandboxUrl'))}&email=${encodeURIComponent(email)}`);
      await page.waitForFunction(() => ['shown', 'failed'].includes(window.exportHost?.state), undefined, { timeout: 30_000 });
      const host = await page.evaluate(() => window.exportHost);
      expect(host.error).toBeUndefined();
      expect(host.state).toBe('shown');

      const frame = page.frameLocator('[data-testid="export-frame"]');
      const secret = (await frame.getByTestId('exported-key').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
      await expect.poll(() => frame.locator('#export-root').getAttribute('data-state')).toBe('shown');
      expect(await frame.getByRole('status').textContent()).toContain(host.address!);

      // The host page cannot reach into the frame, and nothing it holds carries the key.
      const seen = await page.evaluate(async () => {
        const iframe = document.querySelector('iframe')!;
        const databases = (await indexedDB.databases()).map((db) => db.name);
        const storedKeys = await new Promise<string>((resolve) => {
          const open = indexedDB.open('latchkey-embedded-wallet');
          open.onsuccess = () => {
            const request = open.result.transaction('sessionKeys').objectStore('sessionKeys').getAll();
            request.onsuccess = () =>
              resolve(JSON.stringify(request.result.map((entry: { publicKey: string; expiresAt: number; privateKey: CryptoKey }) => ({ ...entry, privateKey: { extractable: entry.privateKey.extractable, type: entry.privateKey.type } }))));
          };
          open.onerror = () => resolve('');
        });
        return {
          frameDocument: iframe.contentDocument === null,
          html: document.documentElement.outerHTML,
          local: JSON.stringify({ ...localStorage }),
          session: JSON.stringify({ ...sessionStorage }),
          cookies: document.cookie,
          databases,
          storedKeys,
        };
      });
      expect(seen.frameDocument).toBe(true);
      for (const place of [seen.html, seen.local, seen.session, seen.cookies, seen.storedKeys]) expect(place).not.toContain(secret);
      expect(seen.databases).toContain('latchkey-embedded-wallet');
      expect(JSON.parse(seen.storedKeys)[0].privateKey).toEqual({ extractable: false, type: 'private' });
      expect(problems, problems.join('\n')).toEqual([]);
      await screenshot(page, `embedded-export-${colorScheme}`);
      await context.close();
    });
  }
});
