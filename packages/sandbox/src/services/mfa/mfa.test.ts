import { mfaDeviceListSchema, mfaDeviceSchema, signInResponseSchema, totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MAX_WRONG_MFA_CODES, MFA_NEXT_VIEW } from './mfa.js';
import { MAX_PENDING_TOTP_REGISTRATIONS } from './totpRegistration.js';
import { MAX_WRONG_MFA_CODES_PER_USER, WRONG_MFA_CODES_WINDOW_SECONDS } from './wrongAnswers.js';
import { totpCode } from './totp.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `mfa-${++counter}@example.com`;

/** A code for the clock's now that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Primary sign-in by e-mail without following any MFA step (the raw response). */
const primarySignIn = (email: string) => t.primarySignIn(email);

/** Steps the session up with its TOTP device (at the next code step), as adding another device needs. */
async function stepUpTotp(enrolled: { jwt: string; secret: string }): Promise<void> {
  t.clock.advance(30_000);
  const stepped = await t.call('POST', '/users/mfa/auth/totp', { token: enrolled.jwt, body: { code: totpCode(enrolled.secret, t.clock.now()) } });
  expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
}

async function enrolTotp(): Promise<{ email: string; jwt: string; secret: string; deviceId: string }> {
  const email = freshEmail();
  const signedIn = await t.signIn(email);
  const registration = await t.call('GET', '/users/mfa/register/totp', { token: signedIn.jwt });
  expect(registration.status).toBe(200);
  const { id, secret } = totpRegistrationSchema.parse(registration.body);
  const verified = await t.call('POST', '/users/mfa/register/totp', { token: signedIn.jwt, body: { id, code: totpCode(secret, t.clock.now()) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  // Codes are good once: move to the next step before the next code is used.
  t.clock.advance(30_000);
  return { email, jwt: signedIn.jwt, secret, deviceId: id };
}

const authTotp = (mfaToken: string | undefined, body: unknown) => t.call('POST', '/users/mfa/auth/totp', { ...(mfaToken ? { token: mfaToken } : {}), body });

describe('MFA: TOTP', () => {
  it('default: registration gives a base32 secret and an otpauth URI; the first code verifies the device, default', async () => {
    const email = freshEmail();
    const signedIn = await t.signIn(email);
    const registration = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: signedIn.jwt })).body);
    expect(registration.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(registration.uri).toBe(
      `otpauth://totp/Latchkey%20Demo:${encodeURIComponent(email)}?secret=${registration.secret}&issuer=Latchkey+Demo&algorithm=SHA1&digits=6&period=30`,
    );
    expect(mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: signedIn.jwt })).body)).toEqual({ count: 0, devices: [] });
    const wrong = await t.call('POST', '/users/mfa/register/totp', { token: signedIn.jwt, body: { code: otherCode(totpCode(registration.secret, t.clock.now())) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    const right = await t.call('POST', '/users/mfa/register/totp', { token: signedIn.jwt, body: { code: totpCode(registration.secret, t.clock.now()) } });
    expect(right.status).toBe(200);
    expect(mfaDeviceSchema.parse(right.body)).toMatchObject({ id: registration.id, type: 'totp', verified: true, default: true, verifiedAt: expect.any(String) });
    expect((await t.call('GET', '/users/mfa', { token: signedIn.jwt })).body.count).toBe(1);
  });

  it('behavior: asking for another registration keeps the one in progress (a cookie sent with a cross-site GET cannot drop it); verifying one drops the others', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const register = async () => totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
    const inProgress = await register();
    const other = await register();
    const verified = await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: inProgress.id, code: totpCode(inProgress.secret, t.clock.now()) } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const dropped = await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: other.id, code: totpCode(other.secret, t.clock.now()) } });
    expect(dropped.status).toBe(404);
    expect(dropped.body.error.code).toBe('mfa_device_not_found');
    expect((await t.call('GET', '/users/mfa', { token: jwt })).body.count).toBe(1);
  });

  it(`behavior: at most ${MAX_PENDING_TOTP_REGISTRATIONS} registrations wait at once: a newer one drops the oldest`, async () => {
    const { jwt } = await t.signIn(freshEmail());
    const registrations = [];
    for (let i = 0; i <= MAX_PENDING_TOTP_REGISTRATIONS; i++) {
      registrations.push(totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body));
      t.clock.advance(1000);
    }
    const [oldest, next] = registrations;
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: oldest!.id, code: totpCode(oldest!.secret, t.clock.now()) } })).status).toBe(404);
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: next!.id, code: totpCode(next!.secret, t.clock.now()) } })).status).toBe(200);
  });

  it('behavior: before the second factor the response shows only who signs in with what — no profile, no other credential', async () => {
    const enrolled = await enrolTotp();
    await stepUpTotp(enrolled);
    expect((await t.call('PUT', '/users', { token: enrolled.jwt, body: { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst' } })).status).toBe(200);
    const other = freshEmail();
    const created = await t.call('POST', '/emailVerifications/create', { body: { email: other } });
    const [message] = await t.inbox(other);
    const linked = await t.call('POST', '/emailVerifications/verify', { token: enrolled.jwt, body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const primary = await primarySignIn(enrolled.email);
    expect(primary.mfaToken).toEqual(expect.any(String));
    const shown = JSON.stringify(primary.user);
    for (const secret of ['Ada', 'Lovelace', 'Analyst', other]) expect(shown).not.toContain(secret);
    expect(primary.user.verifiedCredentials).toEqual([expect.objectContaining({ format: 'email', email: enrolled.email })]);
    expect(primary.user).toMatchObject({ id: linked.body.user.id, projectEnvironmentId: linked.body.user.projectEnvironmentId });
    // Past the second factor, the whole user (a code of the next step: the step-up spent this one).
    t.clock.advance(30_000);
    const opened = await authTotp(primary.mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(opened.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(opened.body.user.verifiedCredentials).toHaveLength(2);
  });

  it('default: after primary sign-in the response carries mfaToken and nextView, no session; the TOTP code opens it', async () => {
    const enrolled = await enrolTotp();
    const primary = await primarySignIn(enrolled.email);
    expect(primary).toMatchObject({ mfaToken: expect.any(String), nextView: MFA_NEXT_VIEW });
    expect(primary.jwt).toBeUndefined();
    expect(primary.expiresAt).toBeUndefined();
    // The MFA token is no session token.
    expect((await t.call('GET', '/users', { token: primary.mfaToken })).status).toBe(401);

    const response = await authTotp(primary.mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = signInResponseSchema.parse(response.body);
    expect(body.jwt).toBeTruthy();
    expect(body.user.email).toBe(enrolled.email);
    expect((await t.call('GET', '/users', { token: body.jwt })).status).toBe(200);
    // The token is spent.
    const again = await authTotp(primary.mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(again.status).toBe(401);
  });

  it('error: a wrong code → 400 mfa_invalid_code; a used code is refused; the limit burns the token (429)', async () => {
    const enrolled = await enrolTotp();
    const primary = await primarySignIn(enrolled.email);
    const right = totpCode(enrolled.secret, t.clock.now());
    const wrong = await authTotp(primary.mfaToken, { code: otherCode(right) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code', path: 'code' });

    // The code that verified the device (previous step) is not good again.
    const replay = await authTotp(primary.mfaToken, { code: totpCode(enrolled.secret, new Date(t.clock.now().getTime() - 30_000)) });
    expect(replay.body.error.code).toBe('mfa_invalid_code');

    let last = replay;
    for (let attempt = 2; attempt < MAX_WRONG_MFA_CODES; attempt++) last = await authTotp(primary.mfaToken, { code: otherCode(right) });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('too_many_verification_attempts');
    // Even the right code no longer works with this token.
    const late = await authTotp(primary.mfaToken, { code: right });
    expect(late.status).toBe(429);
  });

  it('error: bad input changes nothing (400 invalid_request, 401 unauthorized, 404 mfa_device_not_found)', async () => {
    const enrolled = await enrolTotp();
    const primary = await primarySignIn(enrolled.email);
    for (const body of [{}, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }]) {
      const response = await authTotp(primary.mfaToken, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    expect((await authTotp(undefined, { code: '123456' })).body.error.code).toBe('unauthorized');
    expect((await authTotp('not-a-token', { code: '123456' })).body.error.code).toBe('unauthorized');
    // A session token as bearer is a step-up (stepUp.test.ts): a wrong code is just a wrong code.
    expect((await authTotp(enrolled.jwt, { code: otherCode(totpCode(enrolled.secret, t.clock.now())) })).body.error.code).toBe('mfa_invalid_code');
    const unknownDevice = await authTotp(primary.mfaToken, { id: 'no-such-device', code: totpCode(enrolled.secret, t.clock.now()) });
    expect(unknownDevice.status).toBe(404);
    expect(unknownDevice.body.error.code).toBe('mfa_device_not_found');
    // None of that counted against the token: the right code still works.
    expect((await authTotp(primary.mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) })).status).toBe(200);

    // Adding a device beside this one needs a step-up (stepUp.test.ts).
    await stepUpTotp(enrolled);
    for (const body of [{}, { code: '1' }]) {
      const response = await t.call('POST', '/users/mfa/register/totp', { token: enrolled.jwt, body });
      expect(response.body.error.code).toBe('invalid_request');
    }
    // No unverified device left to verify.
    const noPending = await t.call('POST', '/users/mfa/register/totp', { token: enrolled.jwt, body: { code: '123456' } });
    expect(noPending.status).toBe(404);
    expect(noPending.body.error.code).toBe('mfa_device_not_found');
    const deleteOther = await t.call('DELETE', `/users/mfa/${(await enrolTotp()).deviceId}`, { token: enrolled.jwt });
    expect(deleteOther.status).toBe(404);
    expect(deleteOther.body.error.code).toBe('mfa_device_not_found');
    expect((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body.count).toBe(1);
  });

  it('behavior: deleting the device ends the second factor; with MFA disabled no challenge is made', async () => {
    const enrolled = await enrolTotp();
    // Removing a second factor needs a recent one (stepUp.test.ts).
    expect((await authTotp(enrolled.jwt, { code: totpCode(enrolled.secret, t.clock.now()) })).status).toBe(200);
    const deleted = await t.call('DELETE', `/users/mfa/${enrolled.deviceId}`, { token: enrolled.jwt });
    expect(deleted.body).toEqual({ ok: true });
    expect((await primarySignIn(enrolled.email)).jwt).toBeTruthy();

    const second = await enrolTotp();
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: false } } } });
    try {
      const primary = await primarySignIn(second.email);
      expect(primary.jwt).toBeTruthy();
      expect(primary.mfaToken).toBeUndefined();
      const refused = await t.call('GET', '/users/mfa/register/totp', { token: primary.jwt });
      expect(refused.body.error.code).toBe('provider_not_available');
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
    }
  });

  it('behavior: device get/update (alias, default) and the default moves; bad input → 4xx and nothing changed', async () => {
    const enrolled = await enrolTotp();
    // A second device for the same user.
    await stepUpTotp(enrolled);
    const registration = (await t.call('GET', '/users/mfa/register/totp', { token: enrolled.jwt })).body;
    const second = await t.call('POST', '/users/mfa/register/totp', { token: enrolled.jwt, body: { id: registration.id, code: totpCode(registration.secret, t.clock.now()) } });
    expect(second.body).toMatchObject({ id: registration.id, default: false });

    const got = await t.call('GET', `/users/mfa/${registration.id}`, { token: enrolled.jwt });
    expect(mfaDeviceSchema.parse(got.body)).toMatchObject({ id: registration.id, type: 'totp' });
    const renamed = await t.call('PUT', `/users/mfa/${registration.id}`, { token: enrolled.jwt, body: { alias: ' Phone ', default: true } });
    expect(renamed.body).toMatchObject({ alias: 'Phone', default: true });
    const list = mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body);
    expect(list.devices.map((device) => [device.id, device.default])).toEqual([
      [registration.id, true],
      [enrolled.deviceId, false],
    ]);

    for (const body of [{}, { alias: '' }, { default: false }, { alias: 'x'.repeat(65) }]) {
      const response = await t.call('PUT', `/users/mfa/${enrolled.deviceId}`, { token: enrolled.jwt, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    for (const [method, path] of [['GET', '/users/mfa/nope'], ['PUT', '/users/mfa/nope']] as const) {
      const response = await t.call(method, path, { token: enrolled.jwt, ...(method === 'PUT' ? { body: { alias: 'x' } } : {}) });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('mfa_device_not_found');
    }
    // /users/mfa/register/totp is still the registration route, not a device id.
    expect((await t.call('GET', '/users/mfa/register/totp', { token: enrolled.jwt })).body.secret).toMatch(/^[A-Z2-7]+$/);
    expect(mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body)).toEqual(list);
  });

  it(`error: wrong codes are bounded per user too, not only per sign-in (${MAX_WRONG_MFA_CODES_PER_USER} in ${WRONG_MFA_CODES_WINDOW_SECONDS / 60} minutes): past them every MFA token of the user is 429 with Retry-After — the right code included — until the window moves`, async () => {
    const enrolled = await enrolTotp();
    const wrong = () => otherCode(totpCode(enrolled.secret, t.clock.now()));
    let spent = 0;
    while (spent < MAX_WRONG_MFA_CODES_PER_USER) {
      // A fresh sign-in (a fresh token) for each batch: a token burns after MAX_WRONG_MFA_CODES.
      const { mfaToken } = await primarySignIn(enrolled.email);
      for (let attempt = 0; attempt < MAX_WRONG_MFA_CODES && spent < MAX_WRONG_MFA_CODES_PER_USER; attempt++, spent++) {
        const response = await authTotp(mfaToken, { code: wrong() });
        expect([400, 429]).toContain(response.status);
      }
    }
    const { mfaToken } = await primarySignIn(enrolled.email);
    const refused = await authTotp(mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error.code).toBe('too_many_verification_attempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(WRONG_MFA_CODES_WINDOW_SECONDS);
    t.clock.advance(WRONG_MFA_CODES_WINDOW_SECONDS * 1000 + 1000);
    const again = await primarySignIn(enrolled.email);
    expect((await authTotp(again.mfaToken, { code: totpCode(enrolled.secret, t.clock.now()) })).status).toBe(200);
  });
});
