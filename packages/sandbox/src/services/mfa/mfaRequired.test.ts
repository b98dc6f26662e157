import { mfaDeviceSchema, signInResponseSchema, totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MFA_ENROLMENT_NEXT_VIEW, MFA_NEXT_VIEW } from './mfa.js';
import { totpCode } from './totp.js';

/** `security.mfa.required`: a user without a device enrols with the MFA token and gets no session before the first code. */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true, required: true } } } });
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `required-${++counter}@example.com`;

const primarySignIn = (email: string) => t.primarySignIn(email);

describe('MFA required', () => {
  it('default: a user without a device is sent to enrolment (mfaToken, nextView mfa-enrolment, no jwt); enrolment then the first code open the session', async () => {
    const email = freshEmail();
    const primary = await primarySignIn(email);
    expect(primary).toMatchObject({ mfaToken: expect.any(String), nextView: MFA_ENROLMENT_NEXT_VIEW });
    expect(primary.jwt).toBeUndefined();
    const token = primary.mfaToken as string;
    // The MFA token is no session: the user routes refuse it.
    expect((await t.call('GET', '/users', { token })).status).toBe(401);
    expect((await t.call('GET', '/users/mfa', { token })).status).toBe(401);
    expect((await t.call('GET', '/users/mfa/recovery', { token })).status).toBe(401);

    const registration = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token })).body);
    const enrolled = await t.call('POST', '/users/mfa/register/totp', { token, body: { id: registration.id, code: totpCode(registration.secret, t.clock.now()) } });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(mfaDeviceSchema.parse(enrolled.body)).toMatchObject({ verified: true, default: true });
    // Still no session: the enrolment code is spent, the next one finishes the sign-in.
    const reused = await t.call('POST', '/users/mfa/auth/totp', { token, body: { code: totpCode(registration.secret, t.clock.now()) } });
    expect(reused.body.error.code).toBe('mfa_invalid_code');
    const next = totpCode(registration.secret, new Date(t.clock.now().getTime() + 30_000));
    const signedIn = await t.call('POST', '/users/mfa/auth/totp', { token, body: { code: next } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const session = signInResponseSchema.parse(signedIn.body);
    expect(session.jwt).toBeTruthy();
    expect((await t.call('GET', '/users', { token: session.jwt })).body.user.email).toBe(email);

    // The spent token enrols nothing more; the next sign-in asks for the device's code.
    expect((await t.call('GET', '/users/mfa/register/totp', { token })).status).toBe(401);
    t.clock.advance(60_000);
    expect(await primarySignIn(email)).toMatchObject({ nextView: MFA_NEXT_VIEW });
  });

  it('error: an MFA token of a user with a device cannot enrol another (403 forbidden), and nothing is stored', async () => {
    const email = freshEmail();
    const first = await primarySignIn(email);
    const token = first.mfaToken as string;
    const registration = (await t.call('GET', '/users/mfa/register/totp', { token })).body;
    await t.call('POST', '/users/mfa/register/totp', { token, body: { id: registration.id, code: totpCode(registration.secret, t.clock.now()) } });
    t.clock.advance(30_000);
    const signedIn = await t.call('POST', '/users/mfa/auth/totp', { token, body: { code: totpCode(registration.secret, t.clock.now()) } });
    const jwt = signInResponseSchema.parse(signedIn.body).jwt as string;

    const second = await primarySignIn(email);
    expect(second.nextView).toBe(MFA_NEXT_VIEW);
    const refused = await t.call('GET', '/users/mfa/register/totp', { token: second.mfaToken as string });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', message: 'A second factor is already set up: use it to finish signing in.' });
    expect((await t.call('POST', '/users/mfa/register/totp', { token: second.mfaToken as string, body: { code: '123456' } })).status).toBe(403);
    expect((await t.call('GET', '/users/mfa', { token: jwt })).body.count).toBe(1);
  });

  it('error: bad tokens and bad codes change nothing (401 unauthorized, 400 invalid_request, 400 mfa_invalid_code)', async () => {
    const email = freshEmail();
    const token = (await primarySignIn(email)).mfaToken as string;
    expect((await t.call('GET', '/users/mfa/register/totp', { token: 'not-a-token' })).body.error.code).toBe('unauthorized');
    expect((await t.call('GET', '/users/mfa/register/totp')).body.error.code).toBe('unauthorized');
    const registration = (await t.call('GET', '/users/mfa/register/totp', { token })).body;
    for (const code of ['12345', 'abcdef', '']) {
      const response = await t.call('POST', '/users/mfa/register/totp', { token, body: { id: registration.id, code } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    const right = totpCode(registration.secret, t.clock.now());
    const wrong = await t.call('POST', '/users/mfa/register/totp', { token, body: { id: registration.id, code: String((Number(right) + 1) % 1_000_000).padStart(6, '0') } });
    expect(wrong.body.error.code).toBe('mfa_invalid_code');
    // No device was verified, so the sign-in still has no session and no challenge code works.
    expect((await t.call('POST', '/users/mfa/auth/totp', { token, body: { code: right } })).body.error.code).toBe('mfa_device_not_found');
  });

  it('behavior: without required (or with MFA off) a user without a device gets the session at once', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true, required: false } } } });
    try {
      const response = await primarySignIn(freshEmail());
      expect(response.jwt).toBeTruthy();
      expect(response.mfaToken).toBeUndefined();
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: false, required: true } } } });
      expect((await primarySignIn(freshEmail())).jwt).toBeTruthy();
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true, required: true } } } });
    }
  });
});
