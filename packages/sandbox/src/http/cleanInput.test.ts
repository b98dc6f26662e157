import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { findUnsafeText } from '../text/unsafeText.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const raw = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${t.sdk}${path}`, { method, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body });

describe('NUL bytes and lone surrogates are bad input', () => {
  it('error: GET /sandbox/inbox?to=%00 and other URLs with %00 are 400 invalid_request, not 500', async () => {
    for (const path of ['/sandbox/inbox?to=%00', '/sandbox/inbox?to=a%00b%40example.com', `/api/v0/sdk/${t.sandbox.info.environmentId}/users/mfa/%00`, '/sandbox/inbox?to=%ED%A0%80', '/sandbox/inbox?to=%E0%A4%A']) {
      const response = await t.call('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('invalid_request');
    }
  });

  it('error: a NUL or a lone surrogate anywhere in a JSON body (value or key, escaped) is 400 invalid_request with its path; raw, invalid_json', async () => {
    const cases: [string, string | undefined][] = [
      ['{"email":"a\\u0000@example.com"}', 'email'],
      ['{"email":"\\ud800@example.com"}', 'email'],
      ['{"email":"x@example.com","a\\u0000":1}', 'a\u0000'],
      ['["\\udc00"]', '[0]'],
    ];
    for (const [body, path] of cases) {
      const response = await raw('POST', '/emailVerifications/create', body);
      const json = await response.json();
      expect(response.status, body).toBe(400);
      expect(json.error.code, body).toBe('invalid_request');
      expect(json.error.path, body).toBe(path);
    }
    // A raw control character inside a string is not JSON at all.
    const rawNul = await raw('POST', '/emailVerifications/create', '{"email":"a\u0000@example.com"}');
    expect(rawNul.status).toBe(400);
    expect((await rawNul.json()).error.code).toBe('invalid_json');
    // A surrogate pair (an emoji) is fine.
    expect((await raw('POST', '/logs', JSON.stringify({ logs: [{ level: 'INFO', message: 'ok 😀' }] }))).status).toBe(200);
  });

  it('error: the custody emulator refuses a body with a NUL as invalid argument (3), not 500', async () => {
    const response = await fetch(`${t.sandbox.info.custodyBaseUrl}/public/v1/query/whoami`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"organizationId":"a\\u0000"}',
    });
    // The stamp is checked first (none here): a coded refusal either way, never a 500.
    expect(response.status).toBeLessThan(500);
  });

  it('default: findUnsafeText walks deep bodies without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^(\[0\]){100000}$/);
    expect(findUnsafeText({ a: ['ok', { b: '😀' }] })).toBeUndefined();
  });
});
