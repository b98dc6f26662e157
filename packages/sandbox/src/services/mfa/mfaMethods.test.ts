import { mfaUserMethodsSchema, recoveryCodesSchema, totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MFA_NEXT_VIEW } from './mfa.js';
import { totpCode } from './totp.js';

const ORIGIN = 'http://localhost:5173';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `mfa-methods-${++counter}@example.com`;

const primarySignIn = (email: string) => t.primarySignIn(email);

async function addTotp(jwt: string): Promise<string> {
  const { id, secret } = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
  const verified = await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return secret;
}

async function addPasskey(jwt: string): Promise<string> {
  const options = await t.call('GET', '/users/mfa/register/passkey', { token: jwt });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const registered = await t.call('POST', '/users/mfa/register/passkey', { token: jwt, body: { credential: createSoftAuthenticator().register(options.body, ORIGIN) } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return registered.body.id as string;
}

/** GET /users/mfa/methods, checked against the protocol schema when it succeeds. */
async function methods(token: string | undefined) {
  const response = await t.call('GET', '/users/mfa/methods', token ? { token } : {});
  return { status: response.status, body: response.status === 200 ? mfaUserMethodsSchema.parse(response.body) : response.body };
}

describe('GET /users/mfa/methods: the second factors the user has', () => {
  it('default: a TOTP-only user, with the session token and mid-challenge with the MFA token', async () => {
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    await addTotp(jwt);
    expect(await methods(jwt)).toEqual({ status: 200, body: { methods: ['totp'], hasRecoveryCodes: false } });
    const primary = await primarySignIn(email);
    expect(primary.nextView).toBe(MFA_NEXT_VIEW);
    expect(await methods(primary.mfaToken)).toEqual({ status: 200, body: { methods: ['totp'], hasRecoveryCodes: false } });
  });

  it('default: a passkey-only user has only the passkey', async () => {
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    await addPasskey(jwt);
    const primary = await primarySignIn(email);
    expect(await methods(primary.mfaToken)).toEqual({ status: 200, body: { methods: ['passkey'], hasRecoveryCodes: false } });
  });

  it('default: both types, the default device’s type first; each type once', async () => {
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    const secret = await addTotp(jwt);
    // Another device beside it needs a step-up (stepUp.test.ts), at the next code step.
    t.clock.advance(30_000);
    expect((await t.call('POST', '/users/mfa/auth/totp', { token: jwt, body: { code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    const passkeyId = await addPasskey(jwt);
    await addPasskey(jwt);
    expect((await methods(jwt)).body).toEqual({ methods: ['totp', 'passkey'], hasRecoveryCodes: false });
    expect((await t.call('PUT', `/users/mfa/${passkeyId}`, { token: jwt, body: { default: true } })).status).toBe(200);
    const primary = await primarySignIn(email);
    expect((await methods(primary.mfaToken)).body).toEqual({ methods: ['passkey', 'totp'], hasRecoveryCodes: false });
  });

  it('default: a user with no device has none; an unverified TOTP registration does not count', async () => {
    const { jwt } = await t.signIn(freshEmail());
    expect(await methods(jwt)).toEqual({ status: 200, body: { methods: [], hasRecoveryCodes: false } });
    expect((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).status).toBe(200);
    expect(await methods(jwt)).toEqual({ status: 200, body: { methods: [], hasRecoveryCodes: false } });
  });

  it('default: hasRecoveryCodes is true while an unused code is left, false once all are used', async () => {
    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    await addPasskey(jwt);
    const { recoveryCodes } = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: jwt })).body);
    expect((await methods(jwt)).body).toEqual({ methods: ['passkey'], hasRecoveryCodes: true });
    for (const [index, code] of recoveryCodes.entries()) {
      const token = (await primarySignIn(email)).mfaToken as string;
      expect((await methods(token)).body).toEqual({ methods: ['passkey'], hasRecoveryCodes: true });
      const used = await t.call('POST', '/users/mfa/auth/recovery', { token, body: { code } });
      expect(used.status, `code ${index}: ${JSON.stringify(used.body)}`).toBe(200);
    }
    expect((await methods(jwt)).body).toEqual({ methods: ['passkey'], hasRecoveryCodes: false });
  });

  it('error: no bearer, a made-up bearer and a spent MFA token are 401 unauthorized', async () => {
    const none = await methods(undefined);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const madeUp = await methods('not-a-token');
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.error.code).toBe('unauthorized');

    const email = freshEmail();
    const { jwt } = await t.signIn(email);
    await addPasskey(jwt);
    const { recoveryCodes } = recoveryCodesSchema.parse((await t.call('GET', '/users/mfa/recovery', { token: jwt })).body);
    const token = (await primarySignIn(email)).mfaToken as string;
    expect((await t.call('POST', '/users/mfa/auth/recovery', { token, body: { code: recoveryCodes[0] } })).status).toBe(200);
    const spent = await methods(token);
    expect(spent.status).toBe(401);
    expect(spent.body.error.code).toBe('unauthorized');
  });
});
