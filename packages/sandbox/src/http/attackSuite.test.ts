import { jwksSchema, totpRegistrationSchema } from '@latchkey/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../services/mfa/totp.js';
import {
  bodyArbitrary,
  forgedTokens,
  hostileParams,
  inPool,
  malformedBodies,
  pathWith,
  requestKeys,
  routeEntries,
  unsafeStrings,
  violation,
  wrongValues,
  type AttackRequest,
} from '../test/attacks.js';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { MAX_BODY_BYTES } from './readBody.js';

/**
 * The standing attack suite (issue 11): every route of the protocol's route table gets malformed JSON, wrong types,
 * property-based random bodies (fast-check), oversized bodies, NUL and unpaired surrogates, hostile path
 * parameters, missing and forged tokens, and another user's ids. Property: never a 5xx, never a hang, always a
 * coded error — and the sandbox keeps serving. Bounded: a fixed number of requests, each with a timeout.
 */
let t: TestSandbox;
let sdkPath: string;
const seed = Date.now() % 2_147_483_647;
const REQUEST_TIMEOUT_MS = 10_000;

interface Victim {
  jwt: string;
  userId: string;
  credentialId: string;
  deviceId: string;
}
let attacker: { jwt: string; userId: string };
let victim: Victim;

beforeAll(async () => {
  t = await startTestSandbox();
  sdkPath = new URL(t.sdk).pathname;
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } }, sdk: { embeddedWallets: { emailRecoveryEnabled: true } } } });
  const a = await t.signIn('attacker@example.com');
  attacker = { jwt: a.jwt, userId: a.user.id };
  const b = await t.signIn('victim@example.com');
  const registration = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: b.jwt })).body);
  expect((await t.call('POST', '/users/mfa/register/totp', { token: b.jwt, body: { id: registration.id, code: totpCode(registration.secret, t.clock.now()) } })).status).toBe(200);
  victim = { jwt: b.jwt, userId: b.user.id, credentialId: b.user.verifiedCredentials[0]!.id, deviceId: registration.id };
}, 60_000);
afterAll(() => t.close());

async function send(request: AttackRequest) {
  const response = await fetch(`${t.sandbox.url}${request.path}`, {
    method: request.method,
    headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    body: request.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((error: unknown) => ({ error }));
  if ('error' in response) return { status: 0, text: `no answer: ${String(response.error)}`, contentType: '' };
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

/** Sends every request (8 at a time) and lists the answers that break the property, by label. */
async function attack(requests: readonly AttackRequest[]): Promise<string[]> {
  const byPath = new Map(routeEntries.map(([key, route]) => [key, route]));
  const answers = await inPool(requests.map((request) => () => send(request)), 8);
  return answers.flatMap((answer, index) => {
    const request = requests[index]!;
    const route = byPath.get(request.label.split(' ')[0]!);
    const problem = answer.status === 0 ? answer.text : violation(route, answer);
    return problem ? [`${request.label} (${request.method} ${request.path.slice(0, 120)}): ${problem}`] : [];
  });
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const queryOf = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? `?${new URLSearchParams(Object.entries(value).map(([key, entry]) => [key, typeof entry === 'string' ? entry : JSON.stringify(entry)])).toString()}`
    : `?q=${encodeURIComponent(JSON.stringify(value) ?? '')}`;

describe(`attack suite (fast-check seed ${seed})`, () => {
  it('error: malformed JSON, wrong types, random bodies, oversized bodies, NUL and lone surrogates on every route — never a 5xx, always a coded error', async () => {
    const requests: AttackRequest[] = [];
    for (const [key, route] of routeEntries) {
      // `revoke` and `revoke/all` with the attacker's token would end the session the other attacks use.
      const token = route.bearer && key !== 'revoke' && key !== 'revokeAll' ? bearer(attacker.jwt) : {};
      const path = pathWith(sdkPath, route, () => 'x');
      const keys = requestKeys(route);
      const add = (label: string, body: unknown, headers: Record<string, string> = token) =>
        requests.push(
          route.method === 'GET'
            ? { label: `${key} ${label}`, method: 'GET', path: `${path}${queryOf(body)}`, headers }
            : { label: `${key} ${label}`, method: route.method, path, body: typeof body === 'string' ? body : JSON.stringify(body), headers },
        );
      if (route.method !== 'GET') {
        for (const body of malformedBodies) add(`malformed ${JSON.stringify(body)}`, body);
        requests.push({ label: `${key} oversized`, method: route.method, path, body: `{"a":"${'x'.repeat(MAX_BODY_BYTES + 16)}"}`, headers: token });
      }
      for (const name of keys) {
        for (const value of wrongValues.slice(0, 5)) add(`wrong type ${name}=${JSON.stringify(value).slice(0, 20)}`, { [name]: value });
        for (const text of unsafeStrings.slice(0, 2)) add(`unsafe text in ${name}`, { [name]: text });
      }
      add('unsafe key', { 'k\u0000': 1 });
      const samples = fc.sample(bodyArbitrary(keys), { numRuns: 10, seed: seed + key.length });
      samples.forEach((body, index) => {
        add(`random body #${index}`, body);
        if (route.bearer) add(`random body #${index} without a token`, body, {});
      });
    }
    const problems = await attack(requests);
    expect(requests.length).toBeGreaterThan(2000);
    expect(problems).toEqual([]);
  }, 120_000);

  it('error: hostile path parameters (../, %00, encoded slashes, long, broken escapes) — never a 5xx', async () => {
    const requests: AttackRequest[] = [];
    for (const [key, route] of routeEntries.filter(([, route]) => route.path.includes('{'))) {
      for (const value of hostileParams) {
        requests.push({ label: `${key} param ${value.slice(0, 20)}`, method: route.method, path: pathWith(sdkPath, route, () => value), ...(route.method === 'GET' ? {} : { body: '{}' }), headers: route.bearer ? bearer(attacker.jwt) : {} });
      }
    }
    for (const raw of ['/api/v0/sdk/%00/settings', '/api/v0/sdk/..%2F..%2Fsandbox/settings', '/sandbox/inbox?to=%00', '/sandbox/inbox?to=%ED%A0%80', '/static/..%2F..%2Fpackage.json', '/api/v0/../../etc/passwd']) {
      requests.push({ label: `raw ${raw}`, method: 'GET', path: raw });
    }
    expect(await attack(requests)).toEqual([]);
  });

  it('error: missing and forged tokens (alg none, HS256 with the public key, tampered, stripped) on every bearer route are 401, coded', async () => {
    const jwks = jwksSchema.parse((await t.call('GET', '/.well-known/jwks.json')).body);
    const forged = forgedTokens(attacker.jwt, jwks.keys[0] as never, victim.userId);
    const requests: AttackRequest[] = [];
    for (const [key, route] of routeEntries.filter(([, route]) => route.bearer)) {
      const path = pathWith(sdkPath, route, () => victim.deviceId);
      requests.push({ label: `${key} no token`, method: route.method, path, ...(route.method === 'GET' ? {} : { body: '{}' }) });
      for (const [name, token] of Object.entries(forged)) {
        requests.push({ label: `${key} ${name}`, method: route.method, path, ...(route.method === 'GET' ? {} : { body: '{}' }), headers: bearer(token) });
      }
    }
    const answers = await inPool(requests.map((request) => () => send(request)), 8);
    const accepted = answers.flatMap((answer, index) => {
      const problem = violation(undefined, answer);
      const label = `${requests[index]!.label}: ${answer.status}`;
      // A 404 is fine for a route the sandbox does not serve yet; anything else must be 401 (or 429 for spent MFA tokens).
      return problem || ![401, 404, 405].includes(answer.status) ? [`${label} ${problem ?? answer.text.slice(0, 120)}`] : [];
    });
    expect(accepted).toEqual([]);
  });

  it("error: another user's ids are never served or changed (404/400, coded); the victim's device and credential stay", async () => {
    const device = `/users/mfa/${victim.deviceId}`;
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await t.call(method, device, { token: attacker.jwt, ...(method === 'PUT' ? { body: { alias: 'mine now' } } : {}) });
      expect(response.status, method).toBe(404);
      expect(response.body.error.code).toBe('mfa_device_not_found');
    }
    const unlink = await t.call('POST', '/verify/unlink', { token: attacker.jwt, body: { verifiedCrentialId: victim.credentialId } });
    expect(unlink.body.error.code).toBe('invalid_unlink_request');
    const passkey = await t.call('DELETE', '/users/passkeys', { token: attacker.jwt, body: { id: victim.credentialId } });
    expect(passkey.status).toBe(404);
    const selection = await t.call('PUT', '/users/wallets/selection', { token: attacker.jwt, body: { walletId: victim.credentialId } });
    expect(selection.body.error.code).toBe('invalid_wallet_id');
    expect((await t.call('GET', '/users/mfa', { token: victim.jwt })).body.devices).toEqual([expect.objectContaining({ id: victim.deviceId, alias: null })]);
    expect((await t.call('GET', '/users', { token: victim.jwt })).body.user.verifiedCredentials.map((entry: { id: string }) => entry.id)).toContain(victim.credentialId);
  });

  it('error: an expired token is 401 session_expired on every bearer route; custody and the sandbox keep serving after all of it', async () => {
    const late = await t.signIn('expires@example.com');
    t.clock.advance(2 * 3600_000 + 5000);
    try {
      for (const [key, route] of routeEntries.filter(([, route]) => route.bearer && !route.path.includes('{'))) {
        const response = await t.call(route.method, route.path, { token: late.jwt, ...(route.method === 'GET' ? {} : { body: {} }) });
        expect([401, 404, 405], key).toContain(response.status);
        // An MFA route's bearer may be an MFA token too: for it an expired session is just not a valid bearer.
        if (response.status === 401) expect(response.body.error.code, key).toBe(route.path.startsWith('/users/mfa/auth/') ? 'unauthorized' : 'session_expired');
      }
    } finally {
      t.clock.advance(-(2 * 3600_000 + 5000));
    }
    for (const body of ['{', '{"organizationId":"\\u0000"}', JSON.stringify({ type: 'ACTIVITY_TYPE_X', timestampMs: '1', organizationId: 'o', parameters: {} })]) {
      for (const kind of ['query/whoami', 'submit/create_policy', 'submit/nope']) {
        const response = await fetch(`${t.sandbox.info.custodyBaseUrl}/public/v1/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-stamp': 'e30' }, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        expect(response.status, `${kind} ${body}`).toBeLessThan(500);
        expect(await response.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      }
    }
    expect((await t.call('GET', '/settings')).status).toBe(200);
    expect((await t.signIn('still-serving@example.com')).jwt).toEqual(expect.any(String));
  });
});
