import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passkeyAuthenticationOptionsSchema } from '@latchkey/protocol';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { accessMessages } from './accessList.js';

/** The access gate for every way in (SPEC §6): e-mail addresses and domains, phone numbers — not only wallets. */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('DELETE', '/sandbox/admin/access-list');
});

const entry = (address: string, action: 'allow' | 'block') => t.call('PUT', '/sandbox/admin/access-list', { body: { address, action } });
const sendEmailCode = (email: string) => t.call('POST', '/emailVerifications/create', { body: { email } });
let counter = 0;
const fresh = (domain = 'example.com') => `gate-${++counter}@${domain}`;

describe('access gate', () => {
  it("error: a blocked e-mail domain gets no code: 403 address_blocked_by_gate, 'This address is blocked by the gate'", async () => {
    await entry('@Blocked.example', 'block');
    const email = fresh('blocked.example');
    const response = await sendEmailCode(email);
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({ code: 'address_blocked_by_gate', message: accessMessages.blocked, path: 'email' });
    expect(await t.inbox(email)).toEqual([]);
    expect((await sendEmailCode(fresh())).status).toBe(200);
  });

  it("error: with an allow list, an address not on it is 'not approved for access'; a listed address or domain passes", async () => {
    const listed = fresh();
    await entry(listed.toUpperCase(), 'allow');
    await entry('@allowed.example', 'allow');
    const other = await sendEmailCode(fresh());
    expect(other.status).toBe(403);
    expect(other.body.error).toEqual({ code: 'address_not_approved', message: accessMessages.notApproved, path: 'email' });
    expect((await sendEmailCode(listed)).status).toBe(200);
    expect((await sendEmailCode(fresh('allowed.example'))).status).toBe(200);
  });

  it('error: a block beats an allow (address allowed, its domain blocked)', async () => {
    const email = fresh('mixed.example');
    await entry(email, 'allow');
    await entry('@mixed.example', 'block');
    expect((await sendEmailCode(email)).body.error.code).toBe('address_blocked_by_gate');
  });

  it('error: a blocked phone number (E.164, spaces ignored) gets no SMS code', async () => {
    await entry('+1 202 555 0199', 'block');
    const response = await t.call('POST', '/smsVerifications/create', { body: { phoneNumber: '2025550199', phoneCountryCode: '1', isoCountryCode: 'US' } });
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual({ code: 'address_blocked_by_gate', message: accessMessages.blocked, path: 'phoneNumber' });
  });

  it('error: blocked after the code was sent, the sign-in itself is refused, no session opens and nobody is created', async () => {
    const email = fresh();
    const { verificationUUID } = (await sendEmailCode(email)).body;
    const [message] = await t.inbox(email);
    await entry(email, 'block');
    const signin = () => t.call('POST', '/emailVerifications/signin', { body: { verificationUUID, verificationToken: message!.code } });
    const response = await signin();
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('address_blocked_by_gate');
    expect(response.body.jwt).toBeUndefined();
    // Unblocked, the same code works (the refusal did not use it up), and signs in a new user: the refused attempt
    // created nobody.
    await t.call('DELETE', '/sandbox/admin/access-list');
    const after = await signin();
    expect(after.status).toBe(200);
    expect(after.body.user.newUser).toBe(true);
  });
});

describe('access gate: the user behind the way in (user_without_access)', () => {
  const ORIGIN = 'http://localhost:5173';
  const expectNoAccess = (response: { status: number; body: any }) => {
    expect(response.status, JSON.stringify(response.body)).toBe(403);
    expect(response.body.error).toEqual({ code: 'user_without_access', message: accessMessages.noAccess });
  };

  it("error: a passkey (which names no address) of a user whose e-mail is blocked → 403 user_without_access, 'User does not have access'; no session", async () => {
    const email = fresh('passkey.example');
    const signedIn = await t.signIn(email);
    const authenticator = createSoftAuthenticator({ algorithm: -7 });
    const options = await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt });
    expect((await t.call('POST', '/users/passkeys/register', { token: signedIn.jwt, body: { credential: authenticator.register(options.body, ORIGIN) } })).status).toBe(200);
    const assertion = async () => ({ credential: authenticator.authenticate(passkeyAuthenticationOptionsSchema.parse((await t.call('GET', '/users/passkeys/signin')).body), ORIGIN) });
    expect((await t.call('POST', '/users/passkeys/signin', { body: await assertion() })).status).toBe(200);
    await entry(email, 'block');
    expectNoAccess(await t.call('POST', '/users/passkeys/signin', { body: await assertion() }));
    // With an allow list that leaves the user out, the same.
    await t.call('DELETE', '/sandbox/admin/access-list');
    await entry('@elsewhere.example', 'allow');
    expectNoAccess(await t.call('POST', '/users/passkeys/signin', { body: await assertion() }));
  });

  it('error: a session whose user lost access (blocked after signing in) is refused on restore, and ends: refresh is 401, and stays so once the list is cleared', async () => {
    const email = fresh('session.example');
    const signedIn = await t.signIn(email);
    const refreshing = await t.signIn(email);
    expect((await t.call('GET', '/users', { token: signedIn.jwt })).status).toBe(200);
    await entry('@session.example', 'block');
    expectNoAccess(await t.call('GET', '/users', { token: signedIn.jwt }));
    // Every session of the user ended with the refusal (see endSessions.test.ts for their custody keys).
    expect((await t.call('POST', '/refresh', { token: refreshing.jwt, body: {} })).body.error).toMatchObject({ code: 'unauthorized', message: 'The session has been revoked.' });
    await t.call('DELETE', '/sandbox/admin/access-list');
    expect((await t.call('GET', '/users', { token: signedIn.jwt })).status).toBe(401);
  });

  it('error: blocked before the first request, POST /refresh is 403 user_without_access too', async () => {
    const email = fresh('refresh.example');
    const signedIn = await t.signIn(email);
    await entry('@refresh.example', 'block');
    expectNoAccess(await t.call('POST', '/refresh', { token: signedIn.jwt, body: {} }));
  });
});
