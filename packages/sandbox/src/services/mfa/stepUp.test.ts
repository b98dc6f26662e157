import { totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MAX_STEP_UP_ATTEMPTS } from './mfa.js';
import { MFA_STEP_UP_WINDOW_MS, stepUpMessages } from './stepUp.js';
import { totpCode } from './totp.js';

/** Issue 11, hole 8: removing a second factor needs a recent one; with MFA required the last device stays. */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true, required: false } } } });
});
beforeAll(async () => {
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});

let counter = 0;
const freshEmail = () => `step-up-${++counter}@example.com`;

/** Verifies a new TOTP device with `jwt`; its id and secret. */
async function enrolTotp(jwt: string) {
  const { id, secret } = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
  expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
  return { id, secret };
}

/**
 * A signed-in user with one verified TOTP device, and a session of theirs that has passed no second factor in the last
 * 5 minutes (the session that enrolled the device, once that enrolment is more than 5 minutes old).
 */
async function withTotp() {
  const email = freshEmail();
  const { jwt } = await t.signIn(email);
  const { id, secret } = await enrolTotp(jwt);
  t.clock.advance(MFA_STEP_UP_WINDOW_MS + 30_000);
  return { email, jwt, secret, deviceId: id };
}

const stepUp = (jwt: string, code: string) => t.call('POST', '/users/mfa/auth/totp', { token: jwt, body: { code } });
const expectStepUpRequired = (response: { status: number; body: any }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body.error).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.required });
};

describe('MFA step-up', () => {
  it('error: a session alone cannot delete a device nor regenerate recovery codes (403 mfa_invalid_request); nothing changes', async () => {
    const user = await withTotp();
    expectStepUpRequired(await t.call('DELETE', `/users/mfa/${user.deviceId}`, { token: user.jwt }));
    expect((await t.call('GET', '/users/mfa', { token: user.jwt })).body.count).toBe(1);
    expectStepUpRequired(await t.call('POST', '/users/mfa/recovery', { token: user.jwt }));
  });

  it("error: a session alone cannot add a second factor beside the user's (an attacker's device would then pass the step-up): registering TOTP or a passkey is 403 mfa_invalid_request; after a step-up it works", async () => {
    const user = await withTotp();
    t.clock.advance(5 * 60_000);
    expectStepUpRequired(await t.call('GET', '/users/mfa/register/totp', { token: user.jwt }));
    expectStepUpRequired(await t.call('POST', '/users/mfa/register/totp', { token: user.jwt, body: { code: '123456' } }));
    expectStepUpRequired(await t.call('GET', '/users/mfa/register/passkey', { token: user.jwt }));
    expectStepUpRequired(await t.call('POST', '/users/mfa/register/passkey', { token: user.jwt, body: {} }));
    expect((await t.call('GET', '/users/mfa', { token: user.jwt })).body.count).toBe(1);
    expect((await stepUp(user.jwt, totpCode(user.secret, t.clock.now()))).status).toBe(200);
    const second = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: user.jwt })).body);
    expect((await t.call('POST', '/users/mfa/register/totp', { token: user.jwt, body: { id: second.id, code: totpCode(second.secret, t.clock.now()) } })).status).toBe(200);
    expect((await t.call('GET', '/users/mfa', { token: user.jwt })).body.count).toBe(2);
  });

  it("error: the first recovery codes go to the session that just verified the device, not to another session of the user that passed no second factor (a stolen one would take them and pass the step-up): 403 mfa_invalid_request, no codes made", async () => {
    const email = freshEmail();
    const stolen = await t.signIn(email);
    const own = await t.signIn(email);
    const device = await enrolTotp(own.jwt);
    expectStepUpRequired(await t.call('GET', '/users/mfa/recovery', { token: stolen.jwt }));
    expectStepUpRequired(await t.call('DELETE', `/users/mfa/${device.id}`, { token: stolen.jwt }));
    expect((await t.call('GET', '/users/mfa/methods', { token: own.jwt })).body).toEqual({ methods: ['totp'], hasRecoveryCodes: false });
    // The enrolling session has just passed the new device: the codes come without a prompt.
    const codes = await t.call('GET', '/users/mfa/recovery', { token: own.jwt });
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    expect(codes.body.recoveryCodes).toHaveLength(10);
    expect((await t.call('GET', '/users/mfa', { token: stolen.jwt })).body.count).toBe(1);
  });

  it('behavior: verifying an MFA passkey passes a second factor for that session too: its first recovery codes come without a step-up, another session gets 403', async () => {
    const email = freshEmail();
    const stolen = await t.signIn(email);
    const own = await t.signIn(email);
    const options = await t.call('GET', '/users/mfa/register/passkey', { token: own.jwt });
    const registered = await t.call('POST', '/users/mfa/register/passkey', { token: own.jwt, body: { credential: createSoftAuthenticator().register(options.body, 'http://localhost:5173') } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expectStepUpRequired(await t.call('GET', '/users/mfa/recovery', { token: stolen.jwt }));
    expect((await t.call('GET', '/users/mfa/recovery', { token: own.jwt })).body.recoveryCodes).toHaveLength(10);
  });

  it('error: a session that passed no second factor in the last 5 minutes gets no first recovery codes (they would pass the step-up); after a step-up it does', async () => {
    const later = await withTotp();
    expectStepUpRequired(await t.call('GET', '/users/mfa/recovery', { token: later.jwt }));
    expect((await stepUp(later.jwt, totpCode(later.secret, t.clock.now()))).status).toBe(200);
    expect((await t.call('GET', '/users/mfa/recovery', { token: later.jwt })).body.recoveryCodes).toHaveLength(10);
  });

  it("error: nor can a session alone take a way in away from a user with a second factor: unlinking a credential and deleting a passkey are 403 mfa_invalid_request, nothing changes; after a step-up they work", async () => {
    const user = await withTotp();
    // A second way in to take away: another e-mail, added through its code.
    const other = freshEmail();
    const { verificationUUID } = (await t.call('POST', '/emailVerifications/create', { body: { email: other } })).body;
    const [message] = await t.inbox(other);
    expect((await t.call('POST', '/emailVerifications/verify', { token: user.jwt, body: { verificationUUID, verificationToken: message!.code } })).status).toBe(200);
    // And a passkey that signs in.
    const options = (await t.call('GET', '/users/passkeys/register', { token: user.jwt })).body;
    const passkey = await t.call('POST', '/users/passkeys/register', { token: user.jwt, body: { credential: createSoftAuthenticator().register(options, 'http://localhost:5173') } });
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);
    const credentials = (await t.call('GET', '/users', { token: user.jwt })).body.user.verifiedCredentials as { id: string; email?: string }[];
    const victimEmail = credentials.find((credential) => credential.email === user.email)!;
    t.clock.advance(5 * 60_000);
    expectStepUpRequired(await t.call('POST', '/verify/unlink', { token: user.jwt, body: { verifiedCrentialId: victimEmail.id } }));
    expectStepUpRequired(await t.call('DELETE', '/users/passkeys', { token: user.jwt, body: { id: passkey.body.passkey.id } }));
    expect((await t.call('GET', '/users', { token: user.jwt })).body.user.verifiedCredentials).toHaveLength(3);
    expect((await stepUp(user.jwt, totpCode(user.secret, t.clock.now()))).status).toBe(200);
    expect((await t.call('POST', '/verify/unlink', { token: user.jwt, body: { verifiedCrentialId: victimEmail.id } })).status).toBe(200);
    expect((await t.call('DELETE', '/users/passkeys', { token: user.jwt, body: { id: passkey.body.passkey.id } })).body).toEqual({ ok: true });
  });

  it('default: a TOTP code with the session token as bearer steps up (a fresh token, same session); then removal works, for 5 minutes', async () => {
    const user = await withTotp();
    const wrong = await stepUp(user.jwt, String((Number(totpCode(user.secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('mfa_invalid_code');
    expectStepUpRequired(await t.call('POST', '/users/mfa/recovery', { token: user.jwt }));
    const stepped = await stepUp(user.jwt, totpCode(user.secret, t.clock.now()));
    expect(stepped.status, JSON.stringify(stepped.body)).toBe(200);
    expect(stepped.body.jwt).toEqual(expect.any(String));
    expect(stepped.body.user.sessionId).toBe((await t.call('GET', '/session', { token: user.jwt })).body.id);
    expect((await t.call('POST', '/users/mfa/recovery', { token: user.jwt })).status).toBe(200);
    t.clock.advance(5 * 60_000 + 1000);
    expectStepUpRequired(await t.call('DELETE', `/users/mfa/${user.deviceId}`, { token: user.jwt }));
    // A recovery code steps up too.
    const codes = (await t.call('GET', '/users/mfa/recovery', { token: user.jwt })).body;
    expect(codes.count).toBeGreaterThan(0);
  });

  it('default: the session opened by the MFA challenge has just passed a second factor', async () => {
    const user = await withTotp();
    const primary = await t.primarySignIn(user.email);
    const session = await t.call('POST', '/users/mfa/auth/totp', { token: primary.mfaToken!, body: { code: totpCode(user.secret, t.clock.now()) } });
    expect(session.status).toBe(200);
    expect((await t.call('DELETE', `/users/mfa/${user.deviceId}`, { token: session.body.jwt })).body).toEqual({ ok: true });
  });

  it('error: with security.mfa.required the last device cannot be removed, even after a step-up', async () => {
    const user = await withTotp();
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true, required: true } } } });
    expect((await stepUp(user.jwt, totpCode(user.secret, t.clock.now()))).status).toBe(200);
    const refused = await t.call('DELETE', `/users/mfa/${user.deviceId}`, { token: user.jwt });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.lastDevice });
    expect((await t.call('GET', '/users/mfa', { token: user.jwt })).body.count).toBe(1);
  });

  it(`error: step-up attempts are bounded (${MAX_STEP_UP_ATTEMPTS} per session in 5 minutes, then 429 with Retry-After)`, async () => {
    const user = await withTotp();
    for (let attempt = 0; attempt < MAX_STEP_UP_ATTEMPTS; attempt += 1) expect((await stepUp(user.jwt, '000000')).status).not.toBe(429);
    const limited = await stepUp(user.jwt, totpCode(user.secret, t.clock.now()));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_verification_attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
