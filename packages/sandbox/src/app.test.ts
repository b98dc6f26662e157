import { API_VERSION_HEADER, errorBodySchema, jwksSchema, KIT_VERSION_HEADER, projectSettingsSchema } from '@latchkey/protocol';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxInfoSchema } from './sandboxInfo.js';
import { startTestSandbox, type TestSandbox } from './test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const getSettings = async () => projectSettingsSchema.parse((await t.call('GET', '/settings')).body);
const admin = (body: unknown) => t.call('PUT', '/sandbox/admin/settings', { body });

function expectError(response: { status: number; body: unknown }, status: number, code: string): { code: string; message: string; path?: string } {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorBodySchema.parse(response.body);
  expect(error.code).toBe(code);
  return error;
}

describe('HTTP surface', () => {
  it('default: GET /settings is the seed, valid against the protocol schema', async () => {
    const response = await t.call('GET', '/settings');
    expect(response.status).toBe(200);
    const settings = projectSettingsSchema.parse(response.body);
    expect(settings.general.displayName).toBe('Latchkey Demo');
    const blocks = settings.sdk.views?.[0]?.sections.map((section) => section.type);
    expect(blocks).toEqual(expect.arrayContaining(['emailAndPhone', 'separator', 'text']));
    const sms = settings.providers?.find((provider) => provider.provider === 'twilio');
    expect(sms?.enabledAt).toBeTruthy();
    expect(sms?.enabledCountries).toEqual(expect.arrayContaining([{ isoCountryCode: 'GB', phoneCountryCode: '44' }]));
    expect(settings.design.branding?.termsOfServiceUrl).toMatch(/^https:/);
    expect(settings.design.modal).toMatchObject({ primaryColor: expect.any(String), radius: expect.any(Number), theme: 'light' });
  });

  it('default: the JWKS has one RS256 signing key', async () => {
    const response = await t.call('GET', '/.well-known/jwks.json');
    const jwks = jwksSchema.parse(response.body);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ alg: 'RS256', kty: 'RSA', use: 'sig', e: 'AQAB' });
    expect(Object.keys(jwks.keys[0]!)).not.toContain('d');
  });

  it('error: an unknown environment id is 404 not_found', async () => {
    const response = await t.call('GET', '/api/v0/sdk/00000000-0000-4000-8000-000000000000/settings');
    expect(expectError(response, 404, 'not_found').message).toBe('Unknown environment.');
  });

  it('error: an unknown route is 404 not_found, a wrong method 405 method_not_allowed', async () => {
    expectError(await t.call('GET', '/nope'), 404, 'not_found');
    expectError(await t.call('GET', '/nope/at/all'.replace('/nope', '/sandbox/nope')), 404, 'not_found');
    const wrongMethod = await t.call('DELETE', '/settings');
    expectError(wrongMethod, 405, 'method_not_allowed');
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    expectError(await t.call('GET', '/emailVerifications/create'), 405, 'method_not_allowed');
  });

  it('error: bad JSON is 400 invalid_json', async () => {
    const response = await t.call('POST', '/emailVerifications/create', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(expectError(response, 400, 'invalid_json').message).toBe('The request body is not valid JSON.');
  });

  it('error: missing fields, wrong types and an empty body are 400 invalid_request with the path', async () => {
    expect(expectError(await t.call('POST', '/emailVerifications/create', { body: {} }), 400, 'invalid_request').path).toBe('email');
    expect(expectError(await t.call('POST', '/emailVerifications/create', { body: { email: 42 } }), 400, 'invalid_request').path).toBe('email');
    expectError(await t.call('POST', '/emailVerifications/create', { body: { email: 'nope' } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/emailVerifications/create'), 400, 'invalid_request');
    expectError(await t.call('POST', '/emailVerifications/create', { body: null }), 400, 'invalid_request');
    expectError(await t.call('POST', '/emailVerifications/create', { body: 'a string' }), 400, 'invalid_request');
    const signin = await t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: 'not-a-uuid', verificationToken: '123456' } });
    expect(expectError(signin, 400, 'invalid_request').path).toBe('verificationUUID');
    const token = await t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: crypto.randomUUID(), verificationToken: 123456 } });
    expect(expectError(token, 400, 'invalid_request').path).toBe('verificationToken');
  });

  it('error: a body over 1 MiB is refused', async () => {
    const response = await t.call('POST', '/logs', { rawBody: JSON.stringify({ logs: [{ level: 'INFO', message: 'x'.repeat(1_100_000) }] }) });
    expectError(response, 413, 'invalid_request');
  });

  it('error: a chunked body (no declared length) over 1 MiB is refused too, and a chunked body under it is read', async () => {
    const send = (chunks: string[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${t.sdk}/emailVerifications/create`, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        for (const chunk of chunks) request.write(chunk);
        request.end();
      });
    const huge = await send(['{"email":"', ...Array.from({ length: 20 }, () => 'x'.repeat(64 * 1024)), '"}']);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body).error.code).toBe('invalid_request');
    const small = await send(['{"email":', '"chunked@example.com"}']);
    expect(small.status, small.body).toBe(200);
  });

  it('behavior: CORS allows loopback origins with credentials, the version headers and Authorization', async () => {
    const preflight = await fetch(`${t.sdk}/users`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': `authorization, content-type, ${KIT_VERSION_HEADER}, ${API_VERSION_HEADER}`,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['authorization', 'content-type', KIT_VERSION_HEADER, API_VERSION_HEADER]) expect(allowed).toContain(header.toLowerCase());
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

    const simple = await fetch(`${t.sdk}/settings`, { headers: { origin: 'http://127.0.0.1:6006' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:6006');
    // Error responses carry CORS headers too, so the kit can read the code.
    const failed = await fetch(`${t.sdk}/users`, { headers: { origin: 'http://localhost:5173' } });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('error: CORS refuses other origins', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'https://localhost:5173']) {
      const response = await fetch(`${t.sdk}/settings`, { headers: { origin } });
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('behavior: POST /logs stores records (newest first at /sandbox/logs); invalid batches are refused', async () => {
    const logs = [
      { level: 'WARN', message: 'first', meta: { a: 1 } },
      { level: 'ERROR', message: 'second', stack: 'Error: x' },
    ];
    const response = await t.call('POST', '/logs', { body: { logs } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const stored = (await t.call('GET', '/sandbox/logs')).body;
    expect(stored.slice(0, 2).map((record: { message: string }) => record.message)).toEqual(['second', 'first']);
    expectError(await t.call('POST', '/logs', { body: { logs: [] } }), 400, 'invalid_request');
    expect(expectError(await t.call('POST', '/logs', { body: { logs: [{ level: 'MUTE', message: 'x' }] } }), 400, 'invalid_request').path).toBe(
      'logs[0].level',
    );
  });
});

describe('sandbox routes', () => {
  it('default: GET /sandbox/info points at this sandbox', async () => {
    const info = sandboxInfoSchema.parse((await t.call('GET', '/sandbox/info')).body);
    const port = Number(new URL(t.sandbox.url).port);
    // Each service listens on API port + k unless that port was taken (then any free one). On PostgreSQL the
    // database connections' own ephemeral ports can take one of them, so the exact port is not asserted.
    expect(info).toEqual({
      environmentId: t.sandbox.info.environmentId,
      apiBaseUrl: t.sandbox.url,
      custodyBaseUrl: t.sandbox.info.custodyBaseUrl,
      solanaRpcUrl: t.sandbox.info.solanaRpcUrl,
      solanaWsUrl: t.sandbox.info.solanaWsUrl,
      oauthIssuer: t.sandbox.info.oauthIssuer,
      inboxUrl: `${t.sandbox.url}/sandbox/inbox`,
      cloudDriveUrl: t.sandbox.info.cloudDriveUrl,
      captchaUrl: t.sandbox.info.captchaUrl,
      mpcSocketUrl: `ws://127.0.0.1:${port}/api/v0/sdk/${t.sandbox.info.environmentId}/waas/socket`,
    });
    expect(info.apiBaseUrl).not.toContain('/api/v0');
    const origins = [info.apiBaseUrl, info.custodyBaseUrl, info.solanaRpcUrl, info.solanaWsUrl, info.oauthIssuer, info.cloudDriveUrl, info.captchaUrl];
    for (const origin of origins) expect(origin).toMatch(/^(http|ws):\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(origins.map((origin) => new URL(origin).port)).size).toBe(origins.length);
    const custodyHealth = await fetch(`${info.custodyBaseUrl}/health`);
    expect(custodyHealth.status).toBe(200);
    expect(info.oauthIssuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.oauthIssuer).not.toBe(info.apiBaseUrl);
    const discovery = await fetch(`${info.oauthIssuer}/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(info.oauthIssuer);
  });

  it('behavior: the inbox is JSON with Accept: application/json, else an HTML page with everything escaped', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    await t.call('PUT', '/sandbox/admin/settings', { body: { general: { displayName: evil, emailCompanyName: evil } } });
    try {
      expect((await t.call('POST', '/emailVerifications/create', { body: { email: 'inbox-page@example.com' } })).status).toBe(200);
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
    const json = await t.inbox('INBOX-page@example.com');
    expect(json).toEqual([
      {
        id: expect.any(String),
        channel: 'email',
        to: 'inbox-page@example.com',
        subject: expect.stringContaining(evil),
        text: expect.any(String),
        code: expect.stringMatching(/^\d{6}$/),
        sentAt: expect.any(String),
      },
    ]);
    const page = await fetch(`${t.sandbox.url}/sandbox/inbox?to=inbox-page@example.com`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(json[0]!.code!);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(evil);
    const query = await (await fetch(`${t.sandbox.url}/sandbox/inbox?to=${encodeURIComponent('<b>x</b>')}`)).text();
    expect(query).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(query).not.toContain('<b>x</b>');
  });
});

describe('admin settings', () => {
  it('default: PUT /sandbox/admin/settings deep-merges a partial; GET /settings shows it', async () => {
    const before = await getSettings();
    const response = await admin({ design: { modal: { primaryColor: '#ff0066' } }, sdk: { blockEmailSubaddresses: true } });
    expect(response.status).toBe(200);
    expect(projectSettingsSchema.parse(response.body).design.modal?.primaryColor).toBe('#ff0066');
    const after = await getSettings();
    expect(after.design.modal).toEqual({ ...before.design.modal, primaryColor: '#ff0066' });
    expect(after.sdk.blockEmailSubaddresses).toBe(true);
    expect(after.sdk.views).toEqual(before.sdk.views);
    expect(after.general).toEqual(before.general);
  });

  it('behavior: arrays are replaced and null removes a key', async () => {
    await admin({ sdk: { views: [{ type: 'login', sections: [{ type: 'email' }] }], emailSignIn: null } });
    const settings = await getSettings();
    expect(settings.sdk.views).toEqual([{ type: 'login', sections: [{ type: 'email' }] }]);
    expect(settings.sdk.emailSignIn).toBeUndefined();
  });

  it('error: an invalid merge is refused with the path and changes nothing', async () => {
    const before = await getSettings();
    const cases: [unknown, string, string | undefined][] = [
      [{ design: { modal: { primaryColor: 'pink' } } }, 'invalid_request', 'design.modal.primaryColor'],
      [{ design: { branding: { termsOfServiceUrl: 'http://example.com/terms' } } }, 'invalid_request', 'design.branding.termsOfServiceUrl'],
      [{ environmentName: 'staging' }, 'invalid_request', 'environmentName'],
      [{ sdk: { unknownFlag: true } }, 'invalid_request', 'sdk.unknownFlag'],
      [{ customFields: [{ ...before.customFields[0], validationRules: { regex: '(' } }] }, 'invalid_regex', 'customFields[0].validationRules.regex'],
      [[1, 2], 'invalid_request', undefined],
      ['text', 'invalid_request', undefined],
    ];
    for (const [body, code, path] of cases) {
      const response = await admin(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.path).toBe(path);
    }
    const badJson = await t.call('PUT', '/sandbox/admin/settings', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(badJson.body.error.code).toBe('invalid_json');
    expect(await getSettings()).toEqual(before);
  });

  it('behavior: POST /sandbox/admin/reset-settings restores the seed', async () => {
    await admin({ general: { displayName: 'Changed' } });
    const response = await t.call('POST', '/sandbox/admin/reset-settings');
    expect(response.status).toBe(200);
    expect(response.body.general.displayName).toBe('Latchkey Demo');
    expect((await getSettings()).general.displayName).toBe('Latchkey Demo');
  });

  it('behavior: provider secrets are never in GET /settings', async () => {
    await admin({ providers: [{ id: 'gh', provider: 'github', clientId: 'client', clientSecret: 'server-only' }] });
    try {
      const response = await t.call('GET', '/settings');
      expect(response.body.providers).toEqual([{ id: 'gh', provider: 'github', clientId: 'client' }]);
      expect(JSON.stringify(response.body)).not.toContain('server-only');
    } finally {
      await t.call('POST', '/sandbox/admin/reset-settings');
    }
  });
});
