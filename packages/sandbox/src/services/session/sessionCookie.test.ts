import { request as httpRequest } from 'node:http';
import { signInResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../errors/ApiError.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { SESSION_COOKIE } from './sessionCookie.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `cookie-${++counter}@example.com`;
const HOUR = 3600_000;

const setStorage = async (storage: string[]) => {
  const response = await t.call('PUT', '/sandbox/admin/settings', { body: { security: { auth: { storage } } } });
  expect(response.status).toBe(200);
};

/** The session cookie a response sets: its value and attributes. */
function sessionCookieOf(headers: Headers): { value: string; attributes: string[] } | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(/;\s*/);
  return { value: pair!.slice(SESSION_COOKIE.length + 1), attributes };
}

/** A POST sent as is (node:http: fetch sets its own Sec-Fetch-Mode): its status and the cookies it sets. */
function rawPost(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${t.sdk}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      response.resume().on('end', () => resolve({ status: response.statusCode ?? 0, setCookie: response.headers['set-cookie'] ?? [] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function cookieSignIn(email: string) {
  const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
  const [message] = await t.inbox(email);
  return t.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
}

describe('cookie session storage (security.auth.storage)', () => {
  it('default: with local storage, a sign-in sets no cookie', async () => {
    await setStorage(['localstorage']);
    const response = await cookieSignIn(freshEmail());
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response.headers)).toBeUndefined();
  });

  it('behavior: with cookie storage, a sign-in sets an HttpOnly cookie of the session token, scoped to the environment', async () => {
    await setStorage(['cookie']);
    const response = await cookieSignIn(freshEmail());
    const body = signInResponseSchema.parse(response.body);
    const cookie = sessionCookieOf(response.headers);
    expect(cookie?.value).toBe(body.jwt);
    expect(cookie?.attributes).toContain('HttpOnly');
    expect(cookie?.attributes).toContain('SameSite=Lax');
    expect(cookie?.attributes).toContain(`Path=/api/v0/sdk/${t.sandbox.info.environmentId}`);
    // Until the session ends (`jwtDuration` 2 hours; expiry in whole seconds).
    const maxAge = Number(cookie?.attributes.find((attribute) => attribute.startsWith('Max-Age='))?.slice(8));
    // (the sign-in itself takes a moment of the clock, more on a loaded machine)
    expect(maxAge).toBeGreaterThan(2 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);
  });

  it('behavior: the cookie alone authenticates a bearer route, and refresh renews it', async () => {
    await setStorage(['cookie']);
    const signedIn = await cookieSignIn(freshEmail());
    const cookie = sessionCookieOf(signedIn.headers)!;
    const headers = { cookie: `${SESSION_COOKIE}=${cookie.value}` };
    const user = await t.call('GET', '/users', { headers });
    expect(user.status).toBe(200);
    expect(user.body.user.id).toBe(signedIn.body.user.id);
    t.clock.advance(HOUR);
    const refreshed = await t.call('POST', '/refresh', { headers });
    expect(refreshed.status).toBe(200);
    expect(sessionCookieOf(refreshed.headers)?.value).toBe(refreshed.body.jwt);
    expect(refreshed.body.jwt).not.toBe(cookie.value);
  });

  it("error: a change made on the cookie's strength from a page of another origin (a cross-site form, text/plain) is 403 forbidden and changes nothing; the kit's origin, and a request with no Origin, pass", async () => {
    await setStorage(['cookie']);
    const victim = await cookieSignIn(freshEmail());
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(victim.headers)!.value}`;
    // The attacker's own address and code, verified into whoever's cookie the browser sends.
    const attackerEmail = freshEmail();
    const { verificationUUID } = (await t.call('POST', '/emailVerifications/create', { body: { email: attackerEmail } })).body;
    const [message] = await t.inbox(attackerEmail);
    const rawBody = JSON.stringify({ verificationUUID, verificationToken: message!.code });
    for (const origin of ['https://evil.example', 'null']) {
      const forged = await t.call('POST', '/emailVerifications/verify', { rawBody, headers: { cookie, origin, 'content-type': 'text/plain' } });
      expect(forged.status, origin).toBe(403);
      expect(forged.body.error).toEqual({ code: 'forbidden', message: messages.foreignOrigin });
      expect((await t.call('POST', '/revoke', { headers: { cookie, origin } })).status).toBe(403);
    }
    const user = await t.call('GET', '/users', { headers: { cookie, origin: 'https://evil.example' } });
    expect(user.body.user.verifiedCredentials.map((credential: { email?: string }) => credential.email)).toEqual([victim.body.user.email]);
    expect((await t.call('POST', '/refresh', { headers: { cookie, origin: 'http://localhost:5173' } })).status).toBe(200);
  });

  it("error: login CSRF — a sign-in posted from a page of another origin (a cross-site form, text/plain) is 403 forbidden: it plants no session cookie and spends no code", async () => {
    await setStorage(['cookie']);
    // The attacker's own address and code, posted by the attacker's page so that the victim's browser would keep
    // the attacker's session (replacing the victim's own cookie) and the kit would then act in the attacker's account.
    const attackerEmail = freshEmail();
    const { verificationUUID } = (await t.call('POST', '/emailVerifications/create', { body: { email: attackerEmail } })).body;
    const [message] = await t.inbox(attackerEmail);
    const rawBody = JSON.stringify({ verificationUUID, verificationToken: message!.code });
    const pages: Record<string, string>[] = [
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'null', 'content-type': 'text/plain' },
    ];
    for (const headers of pages) {
      const forged = await t.call('POST', '/emailVerifications/signin', { rawBody, headers });
      expect(forged.status, JSON.stringify(headers)).toBe(403);
      expect(forged.body.error).toEqual({ code: 'forbidden', message: messages.foreignSignIn });
      expect(sessionCookieOf(forged.headers), JSON.stringify(headers)).toBeUndefined();
    }
    // A page's no-cors fetch or form (Node's fetch would rewrite Sec-Fetch-Mode: sent raw), with no Origin to tell it by.
    const raw = await rawPost('/emailVerifications/signin', rawBody, { 'content-type': 'text/plain', 'sec-fetch-mode': 'no-cors' });
    expect(raw.status).toBe(403);
    expect(raw.setCookie).toEqual([]);
    // The code was not spent: the kit's own page signs in with it.
    const kit = await t.call('POST', '/emailVerifications/signin', { rawBody, headers: { origin: 'http://localhost:5173', 'content-type': 'application/json', 'sec-fetch-mode': 'cors' } });
    expect(kit.status, JSON.stringify(kit.body)).toBe(200);
    expect(sessionCookieOf(kit.headers)?.value).toBe(kit.body.jwt);
    // With sessions in local storage there is no cookie to plant: CORS hides the token from such a page.
    await setStorage(['localstorage']);
    const again = freshEmail();
    const created = (await t.call('POST', '/emailVerifications/create', { body: { email: again } })).body;
    const [code] = await t.inbox(again);
    const bearer = await t.call('POST', '/emailVerifications/signin', {
      rawBody: JSON.stringify({ verificationUUID: created.verificationUUID, verificationToken: code!.code }),
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    });
    expect(bearer.status).toBe(200);
    expect(sessionCookieOf(bearer.headers)).toBeUndefined();
  });

  it('behavior: revoke clears the cookie, and the old cookie is then refused', async () => {
    await setStorage(['cookie']);
    const signedIn = await cookieSignIn(freshEmail());
    const headers = { cookie: `${SESSION_COOKIE}=${sessionCookieOf(signedIn.headers)!.value}` };
    const revoked = await t.call('POST', '/revoke', { headers });
    expect(revoked.status).toBe(200);
    expect(sessionCookieOf(revoked.headers)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'HttpOnly']) });
    const after = await t.call('GET', '/users', { headers });
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({ code: 'unauthorized', message: 'The cookie is invalid or expired' });
  });

  it('error: an expired or forged cookie is refused with SPEC §8 wording', async () => {
    await setStorage(['cookie']);
    const signedIn = await cookieSignIn(freshEmail());
    const value = sessionCookieOf(signedIn.headers)!.value;
    const forged = await t.call('GET', '/users', { headers: { cookie: `${SESSION_COOKIE}=${value.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toBe('The cookie is invalid or expired');
    t.clock.advance(2 * HOUR + 1000);
    const expired = await t.call('POST', '/refresh', { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({ code: 'session_expired', message: 'The cookie is invalid or expired' });
  });

  it('behavior: an Authorization header wins over the cookie', async () => {
    await setStorage(['cookie']);
    const first = await cookieSignIn(freshEmail());
    const second = await cookieSignIn(freshEmail());
    const response = await t.call('GET', '/users', { token: second.body.jwt, headers: { cookie: `${SESSION_COOKIE}=${sessionCookieOf(first.headers)!.value}` } });
    expect(response.body.user.id).toBe(second.body.user.id);
  });
});
