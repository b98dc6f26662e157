import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { hostGuardMessages, isLoopbackHostName, requestHostName } from './hostGuard.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** A raw request to `url` naming `host` in its Host header, as a browser does for a page whose name was rebound. */
function rawGet(url: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const sent = request({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'GET', headers: { host, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('every sandbox server answers only requests addressed to a loopback name (DNS rebinding)', () => {
  it("error: a page whose name was rebound to 127.0.0.1 reads no code from the inbox, changes no setting and reaches no other server: 403 forbidden before any handler; loopback names are served", async () => {
    const email = `rebinding-${Date.now()}@example.com`;
    expect((await t.call('POST', '/emailVerifications/create', { body: { email } })).status).toBe(200);
    const { info } = t.sandbox;
    const inbox = `${info.apiBaseUrl}/sandbox/inbox?to=${encodeURIComponent(email)}`;
    const port = (url: string) => new URL(url).port;
    const refused = await rawGet(inbox, `attacker.example:${port(info.apiBaseUrl)}`, { accept: 'application/json' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'forbidden', message: hostGuardMessages.foreignHost } });
    expect(refused.body).not.toMatch(/\d{6}/);
    for (const url of [`${info.apiBaseUrl}/sandbox/info`, `${info.custodyBaseUrl}/`, `${info.solanaRpcUrl}/health`, `${info.solanaWsUrl.replace(/^ws/, 'http')}/`, `${info.oauthIssuer}/.well-known/openid-configuration`, `${info.cloudDriveUrl}/`, `${info.captchaUrl}/`]) {
      expect((await rawGet(url, `attacker.example:${port(url)}`)).status, url).toBe(403);
      expect((await rawGet(url, `ATTACKER.example`)).status, url).toBe(403);
    }
    // A websocket upgrade (the MPC socket) the same way.
    const upgrade = await new Promise<number>((resolve, reject) => {
      const target = new URL(info.mpcSocketUrl.replace(/^ws/, 'http'));
      const sent = request({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        headers: { host: `attacker.example:${target.port}`, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      sent.on('response', (response) => resolve(response.statusCode ?? 0));
      sent.on('upgrade', () => resolve(101));
      sent.on('error', reject);
      sent.end();
    });
    expect(upgrade).toBe(403);

    for (const host of [`127.0.0.1:${port(info.apiBaseUrl)}`, `localhost:${port(info.apiBaseUrl)}`, `LocalHost`, `app.localhost:${port(info.apiBaseUrl)}`]) {
      const served = await rawGet(inbox, host, { accept: 'application/json' });
      expect(served.status, host).toBe(200);
      expect(JSON.parse(served.body)).toHaveLength(1);
    }
  });

  it('unit: requestHostName and isLoopbackHostName', () => {
    expect(requestHostName('127.0.0.1:4010')).toBe('127.0.0.1');
    expect(requestHostName('[::1]:4010')).toBe('[::1]');
    expect(requestHostName('LOCALHOST')).toBe('localhost');
    expect(requestHostName(undefined)).toBeUndefined();
    for (const name of ['127.0.0.1', 'localhost', '[::1]', 'app.localhost']) expect(isLoopbackHostName(name), name).toBe(true);
    for (const name of ['attacker.example', 'localhost.attacker.example', '127.0.0.1.attacker.example', '[::2]', '0.0.0.0', '']) expect(isLoopbackHostName(name), name).toBe(false);
  });
});

describe("the sandbox's own routes and another site's pages", () => {
  it("error: a form or no-cors fetch from another site (text/plain, no preflight) resets no setting, airdrops nothing and expires no key — 403 forbidden; loopback pages and tools without an Origin are served", async () => {
    const sandboxPost = (path: string, origin: string | undefined, body?: string) =>
      fetch(`${t.sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) }, ...(body === undefined ? {} : { body }) });
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWallet: false } } })).status).toBe(200);
    const multiWallet = async () => ((await t.call('GET', '/settings')).body as { sdk: { multiWallet?: boolean } }).sdk.multiWallet;
    expect(await multiWallet()).toBe(false);
    for (const origin of ['https://attacker.example', 'null', 'http://localhost.attacker.example:5173']) {
      const reset = await sandboxPost('/sandbox/admin/reset-settings', origin);
      expect(reset.status, origin).toBe(403);
      expect(await reset.json()).toEqual({ error: { code: 'forbidden', message: 'The sandbox’s own routes change nothing for a page on another site.' } });
      const airdrop = await sandboxPost('/sandbox/airdrop', origin, JSON.stringify({ address: '11111111111111111111111111111112', lamports: 1 }));
      expect(airdrop.status, origin).toBe(403);
    }
    expect(await multiWallet()).toBe(false);
    // A page of the sandbox's own that hides its origin (the mobile wallet's form: no-referrer) — the browser says same-origin.
    const ownForm = await fetch(`${t.sandbox.url}/sandbox/admin/reset-settings`, { method: 'POST', headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } });
    expect(ownForm.status).toBe(200);
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWallet: false } } })).status).toBe(200);
    expect((await fetch(`${t.sandbox.url}/sandbox/admin/reset-settings`, { method: 'POST', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // The kit's page on loopback, and a tool that names no origin.
    expect((await sandboxPost('/sandbox/admin/reset-settings', 'http://localhost:5173')).status).toBe(200);
    expect(await multiWallet()).toBe(true);
    expect((await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWallet: false } } })).status).toBe(200);
    expect((await sandboxPost('/sandbox/admin/reset-settings', undefined)).status).toBe(200);
    expect(await multiWallet()).toBe(true);
    // Reads stay open to any page (CORS decides who may read them).
    expect((await fetch(`${t.sandbox.url}/sandbox/info`, { headers: { origin: 'https://attacker.example' } })).status).toBe(200);
  });
});

