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
