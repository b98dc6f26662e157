import { API_VERSION_HEADER, errorBodySchema, jwksSchema, KIT_VERSION_HEADER, projectSettingsSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

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
    expect(blocks).toEqual(expect.arrayContaining(['email', 'separator', 'text']));
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
