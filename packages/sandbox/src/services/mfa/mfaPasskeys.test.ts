import { mfaDeviceListSchema, mfaDeviceSchema, passkeyAuthenticationOptionsSchema, passkeyRegistrationOptionsSchema, signInResponseSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { MAX_WRONG_MFA_CODES, MFA_NEXT_VIEW } from './mfa.js';

const ORIGIN = 'http://localhost:5173';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `mfa-passkey-${++counter}@example.com`;

const primarySignIn = (email: string) => t.primarySignIn(email);

async function enrolPasskey(alias?: string): Promise<{ email: string; jwt: string; authenticator: SoftAuthenticator; deviceId: string }> {
  const email = freshEmail();
  const signedIn = await t.signIn(email);
  const authenticator = createSoftAuthenticator();
  const options = await t.call('GET', '/users/mfa/register/passkey', { token: signedIn.jwt });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const registered = await t.call('POST', '/users/mfa/register/passkey', { token: signedIn.jwt, body: { credential: authenticator.register(options.body, ORIGIN), ...(alias ? { alias } : {}) } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { email, jwt: signedIn.jwt, authenticator, deviceId: registered.body.id };
}

const authOptions = (token: string | undefined) => t.call('GET', '/users/mfa/auth/passkey', token ? { token } : {});
const authPasskey = (token: string | undefined, credential: unknown) => t.call('POST', '/users/mfa/auth/passkey', { ...(token ? { token } : {}), body: { credential } });

describe('MFA: a passkey as the second factor', () => {
  it('default: registered as a device (SPEC §9 options), listed, and its assertion after primary sign-in opens the session', async () => {
    const signedIn = await t.signIn(freshEmail());
    const options = passkeyRegistrationOptionsSchema.parse((await t.call('GET', '/users/mfa/register/passkey', { token: signedIn.jwt })).body);
    expect(options.timeout).toBe(300_000);
    expect(options.pubKeyCredParams).toEqual([
      { alg: -7, type: 'public-key' },
      { alg: -257, type: 'public-key' },
    ]);
    expect(options.authenticatorSelection?.userVerification).toBe('preferred');

    const enrolled = await enrolPasskey('Security key');
    const list = mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body);
    expect(list.devices).toEqual([expect.objectContaining({ id: enrolled.deviceId, type: 'passkey', verified: true, default: true, alias: 'Security key' })]);
    // Not a sign-in passkey: the passkey list and the verified credentials do not show it.
    expect((await t.call('GET', '/users/passkeys', { token: enrolled.jwt })).body.count).toBe(0);

    const primary = await primarySignIn(enrolled.email);
    expect(primary).toMatchObject({ mfaToken: expect.any(String), nextView: MFA_NEXT_VIEW });
    const request = passkeyAuthenticationOptionsSchema.parse((await authOptions(primary.mfaToken)).body);
    expect(request.allowCredentials?.map((entry) => entry.id)).toEqual([enrolled.authenticator.passkeys[0]?.credentialId]);
    const response = await authPasskey(primary.mfaToken, enrolled.authenticator.authenticate(request, ORIGIN));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const session = signInResponseSchema.parse(response.body);
    expect(session.jwt).toBeTruthy();
    // The token is spent.
    expect((await authOptions(primary.mfaToken)).status).toBe(401);
  });

  it('error: a forged assertion is refused (invalid_verification, counts), a replayed one too, an unknown passkey is mfa_device_not_found; the limit burns the token', async () => {
    const enrolled = await enrolPasskey();
    const stranger = createSoftAuthenticator();
    const token = (await primarySignIn(enrolled.email)).mfaToken as string;
    const first = (await authOptions(token)).body;
    const assertion = enrolled.authenticator.authenticate(first, ORIGIN);
    // Signed by a key the server does not know for this credential id.
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }, ORIGIN);
    const forged = stranger.authenticate(first, ORIGIN);
    const wrongKey = await authPasskey(token, { ...forged, id: assertion.id, rawId: assertion.rawId });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.error.code).toBe('invalid_verification');
    // That challenge is spent: the genuine assertion for it no longer works.
    expect((await authPasskey(token, assertion)).body.error.code).toBe('invalid_verification');
    const unknown = await authPasskey(token, stranger.authenticate((await authOptions(token)).body, ORIGIN));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('mfa_device_not_found');
    for (const body of [{}, { credential: { id: 'x' } }]) {
      const response = await t.call('POST', '/users/mfa/auth/passkey', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
    expect((await authOptions(undefined)).body.error.code).toBe('unauthorized');
    expect((await authOptions('not-a-token')).body.error.code).toBe('unauthorized');
    // With the session token as bearer the options are a step-up's (stepUp.test.ts).
    expect((await authOptions(enrolled.jwt)).status).toBe(200);
    // One wrong attempt so far (the forged signature; a spent challenge or unknown passkey is no attempt); the rest burn the token.
    for (let attempt = 2; attempt <= MAX_WRONG_MFA_CODES; attempt++) {
      const options = (await authOptions(token)).body;
      const bad = stranger.authenticate(options, ORIGIN);
      const response = await authPasskey(token, { ...bad, id: assertion.id, rawId: assertion.rawId });
      expect(response.status).toBe(attempt === MAX_WRONG_MFA_CODES ? 429 : 400);
    }
    expect((await authOptions(token)).status).toBe(429);
  });

  it('error: registration refuses a replayed challenge and a duplicate; delete answers mfa_device_not_found for a device that is not the user’s; then no challenge', async () => {
    const enrolled = await enrolPasskey();
    // Another device beside it needs a step-up (stepUp.test.ts): the passkey, with the session token as bearer.
    expect((await authPasskey(enrolled.jwt, enrolled.authenticator.authenticate((await authOptions(enrolled.jwt)).body, ORIGIN))).status).toBe(200);
    const options = (await t.call('GET', '/users/mfa/register/passkey', { token: enrolled.jwt })).body;
    expect(options.excludeCredentials.map((entry: { id: string }) => entry.id)).toEqual([enrolled.authenticator.passkeys[0]?.credentialId]);
    const credential = createSoftAuthenticator().register(options, ORIGIN);
    expect((await t.call('POST', '/users/mfa/register/passkey', { token: enrolled.jwt, body: { credential } })).status).toBe(200);
    const replay = await t.call('POST', '/users/mfa/register/passkey', { token: enrolled.jwt, body: { credential } });
    expect(replay.body.error.code).toBe('invalid_verification');
    expect((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body.count).toBe(2);

    const other = await enrolPasskey();
    const foreign = await t.call('DELETE', `/users/mfa/${other.deviceId}`, { token: enrolled.jwt });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('mfa_device_not_found');
    expect((await t.call('GET', '/users/mfa', { token: other.jwt })).body.count).toBe(1);
    // Removing it needs a recent second factor: the passkey itself, asserted with the session token as bearer (step-up).
    const stepUpOptions = await authOptions(other.jwt);
    expect(stepUpOptions.status).toBe(200);
    expect((await authPasskey(other.jwt, other.authenticator.authenticate(stepUpOptions.body, ORIGIN))).status).toBe(200);
    expect((await t.call('DELETE', `/users/mfa/${other.deviceId}`, { token: other.jwt })).body).toEqual({ ok: true });
    expect((await t.call('DELETE', `/users/mfa/${other.deviceId}`, { token: other.jwt })).body.error.code).toBe('mfa_device_not_found');
    // No device left: the next sign-in needs no second factor.
    expect((await primarySignIn(other.email)).jwt).toBeTruthy();
    expect(z.array(mfaDeviceSchema).parse((await t.call('GET', '/users/mfa', { token: enrolled.jwt })).body.devices)).toHaveLength(2);
  });

  it('error: a method the settings disable (methodSettings isEnabled false) cannot be enrolled — 400 provider_not_available, nothing stored', async () => {
    const signedIn = await t.signIn(freshEmail());
    await t.call('PUT', '/sandbox/admin/settings', {
      body: { security: { mfa: { methodSettings: { passkey: { isDefault: false, isEnabled: false, isPermanentAuthenticator: false, listPosition: 0 }, totp: { isDefault: true, isEnabled: true, isPermanentAuthenticator: false, listPosition: 1 } } } } },
    });
    try {
      const refused = await t.call('GET', '/users/mfa/register/passkey', { token: signedIn.jwt });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'provider_not_available', message: 'This second factor is not enabled for this environment.' });
      expect((await t.call('GET', '/users/mfa/register/totp', { token: signedIn.jwt })).status).toBe(200);
      expect((await t.call('GET', '/users/mfa', { token: signedIn.jwt })).body.count).toBe(0);
      const invalid = await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { methodSettings: { totp: { isDefault: true, isEnabled: false, isPermanentAuthenticator: false, listPosition: 0 } } } } } });
      expect(invalid.status).toBe(400);
    } finally {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { methodSettings: null } } } });
    }
  });
});
