import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, fakeAuthenticationCredential, fakeAuthenticationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaChallengeError, mfaChallengeIsBusy, mfaChallengeMachine, mfaChallengeStatus, type MfaChallengeSnapshot } from './mfaChallengeMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };
const MFA_TOKEN = 'mfa-token-1';

/** A client whose session waits for the second factor (`mfa`), and the challenge flow over it. */
async function setup(routes: Record<string, FakeHandler> = {}, options: { nextView?: string; webauthn?: FakeWebAuthn } = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
      'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()),
      'GET /users/mfa/methods': () => json(200, { methods: ['passkey'], hasRecoveryCodes: true }),
      'POST /users/mfa/auth/passkey': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
      ...routes,
    }),
  );
  const warn = vi.fn();
  const webauthn = options.webauthn ?? createFakeWebAuthn();
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: { debug: () => undefined, info: () => undefined, warn, error: () => undefined },
    logLevel: 'WARN',
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: MFA_TOKEN, nextView: options.nextView ?? 'mfa-challenge' } });
  const actor = createActor(mfaChallengeMachine, { input: { client } }).start();
  const status = () => mfaChallengeStatus(actor.getSnapshot());
  const until = (value: string) => waitFor(actor, (snapshot) => mfaChallengeStatus(snapshot) === value);
  const settled = async (): Promise<MfaChallengeSnapshot> => {
    await waitFor(actor, (snapshot) => !mfaChallengeIsBusy(snapshot) && mfaChallengeStatus(snapshot) !== 'loadingMethods');
    return actor.getSnapshot();
  };
  const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '')}`);
  return { actor, client, webauthn, requests: fake.requests, paths, status, until, settled, sessionStatus, warn };
}

describe('mfaChallengeMachine: the code challenge', () => {
  it('default: the session waits in mfa; the code (sent with the MFA token as bearer) signs it in', async () => {
    const flow = await setup();
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.submitCode', code: '654321' });
    await flow.until('done');
    expect(flow.sessionStatus()).toBe('signedIn');
    const request = flow.requests.at(-1);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    expect(request?.body).toEqual({ code: '654321' });
  });

  it('error: a wrong code → idle with mfa_invalid_code, the session still in mfa', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') });
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
  });

  it.each([
    ['too_many_verification_attempts', 429],
    ['unauthorized', 401],
  ])('error: %s ends the challenge in failed; cancel returns the session to signedOut', async (code, status) => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(status, code, 'no') });
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('failed');
    expect(mfaChallengeError(snapshot)?.code).toBe(code);
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it('error: a malformed code is refused before any request', async () => {
    const flow = await setup();
    for (const code of ['', '12345', 'abcdef']) {
      flow.actor.send({ type: 'user.submitCode', code });
      expect(flow.actor.getSnapshot().context.error?.code).toBe('invalid_code');
    }
    expect(flow.requests).toHaveLength(0);
  });

  it('behavior: the session signing out resets the challenge by itself — after done (a later sign-out) and while pending (abandoned elsewhere)', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') });
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    expect(mfaChallengeError(await flow.settled())?.code).toBe('mfa_invalid_code');
    // The pending sign-in is abandoned outside the challenge (e.g. the dialog): the challenge forgets its error.
    flow.client.session.send({ type: 'user.cancelSignIn' });
    expect(flow.sessionStatus()).toBe('signedOut');
    expect(mfaChallengeError(flow.actor.getSnapshot())).toBeUndefined();

    const done = await setup();
    done.actor.send({ type: 'user.submitCode', code: '123456' });
    await done.until('done');
    done.client.session.send({ type: 'user.signOut' });
    await done.until('idle');
  });
});

describe('mfaChallengeMachine: recovery codes', () => {
  it('default: a recovery code (sent with the MFA token) finishes the sign-in', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/recovery': () => json(200, fakeSignIn(Date.now() + 3_600_000)) });
    flow.actor.send({ type: 'user.submitRecoveryCode', code: ' 7KQ2-M9XD ' });
    await flow.until('done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.requests.at(-1)?.body).toEqual({ code: '7KQ2-M9XD' });
    expect(flow.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
  });

  it('error: a malformed recovery code is refused before any request; a used one → mfa_invalid_code', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/recovery': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') });
    flow.actor.send({ type: 'user.submitRecoveryCode', code: 'abc' });
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code', path: 'code' });
    expect(flow.requests).toHaveLength(0);
    flow.actor.send({ type: 'user.submitRecoveryCode', code: '7kq2-m9xd' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
  });
});

describe('mfaChallengeMachine: MFA required, enrolment first', () => {
  it('default: with the MFA token the device is enrolled, then its next code finishes the sign-in', async () => {
    const flow = await setup({}, { nextView: 'mfa-enrolment' });
    expect(flow.client.session.getSnapshot().context.mfaNextView).toBe('mfa-enrolment');
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    expect(mfaChallengeStatus(await flow.settled())).toBe('enrolled');
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.submitCode', code: '234567' });
    await flow.until('done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.client.session.getSnapshot().context.mfaNextView).toBeUndefined();
    expect(flow.requests.map((request) => [request.method, request.url.pathname.replace(/^.*\/sdk\/[^/]+/, ''), request.headers.get('authorization')])).toEqual([
      ['GET', '/users/mfa/register/totp', `Bearer ${MFA_TOKEN}`],
      ['POST', '/users/mfa/register/totp', `Bearer ${MFA_TOKEN}`],
      ['POST', '/users/mfa/auth/totp', `Bearer ${MFA_TOKEN}`],
    ]);
  });

  it('error: a wrong next code (mfa_invalid_code) stays enrolled; a malformed one is refused locally; cancel abandons the sign-in', async () => {
    const flow = await setup({ 'POST /users/mfa/auth/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') }, { nextView: 'mfa-enrolment' });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitCode', code: '12' });
    expect(flow.actor.getSnapshot().context.error?.code).toBe('invalid_code');
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('enrolled');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it('error: a user who has a device cannot enrol with the token (forbidden) — enrolment stays idle with the error', async () => {
    const flow = await setup({ 'GET /users/mfa/register/totp': () => errorBody(403, 'forbidden', 'A second factor is already set up: use it to finish signing in.') }, { nextView: 'mfa-enrolment' });
    flow.actor.send({ type: 'user.startEnrolment' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'forbidden', message: 'A second factor is already set up: use it to finish signing in.' });
  });

  it('error: a wrong first code → awaitingEnrolmentCode with the enrolment\'s mfa_invalid_code; busy while verifying; cancel while enrolling abandons the sign-in', async () => {
    const flow = await setup({ 'POST /users/mfa/register/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') }, { nextView: 'mfa-enrolment' });
    flow.actor.send({ type: 'user.startEnrolment' });
    expect(flow.status()).toBe('fetchingSecret');
    expect(mfaChallengeIsBusy(flow.actor.getSnapshot())).toBe(true);
    expect(flow.actor.getSnapshot().context.enrolment?.context.registration).toBeUndefined();
    expect(mfaChallengeStatus(await flow.settled())).toBe('awaitingEnrolmentCode');
    expect(flow.actor.getSnapshot().context.enrolment?.context.registration).toEqual(REGISTRATION);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '12' });
    expect(mfaChallengeError(flow.actor.getSnapshot())?.code).toBe('invalid_code');
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '000000' });
    expect(flow.status()).toBe('verifyingEnrolment');
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('awaitingEnrolmentCode');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.status()).toBe('idle');
    expect(flow.actor.getSnapshot().context.enrolment).toBeUndefined();
    expect(flow.sessionStatus()).toBe('signedOut');
  });
});

describe('mfaChallengeMachine: a passkey as the second factor', () => {
  it('default: loadMethods learns the user has only a passkey (MFA token as bearer); its assertion signs the session in', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.loadMethods' });
    expect(flow.status()).toBe('loadingMethods');
    const loaded = await flow.settled();
    expect(mfaChallengeStatus(loaded)).toBe('idle');
    expect(loaded.context.userMethods).toEqual({ methods: ['passkey'], hasRecoveryCodes: true });
    expect(loaded.context.passkeyOffered).toBe(true);
    expect(flow.paths()).toEqual(['GET /users/mfa/methods']);
    expect(flow.requests[0]?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    flow.actor.send({ type: 'user.authenticatePasskey' });
    await flow.until('done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.webauthn.calls).toEqual(['startAuthentication']);
    expect(flow.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    expect(flow.requests.at(-1)?.body).toEqual({ credential: fakeAuthenticationCredential() });
  });

  it('behavior: a TOTP-only user → passkey not offered, no error', async () => {
    const flow = await setup({ 'GET /users/mfa/methods': () => json(200, { methods: ['totp'], hasRecoveryCodes: false }) });
    flow.actor.send({ type: 'user.loadMethods' });
    const snapshot = await flow.settled();
    expect(snapshot.context.userMethods).toEqual({ methods: ['totp'], hasRecoveryCodes: false });
    expect(snapshot.context.passkeyOffered).toBe(false);
    expect(mfaChallengeError(snapshot)).toBeUndefined();
    expect(flow.paths()).toEqual(['GET /users/mfa/methods']);
  });

  it('behavior: the code form works while the methods load', async () => {
    const flow = await setup({ 'GET /users/mfa/methods': () => new Promise<Response>(() => undefined), 'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 3_600_000)) });
    flow.actor.send({ type: 'user.loadMethods' });
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    await flow.until('done');
    expect(flow.sessionStatus()).toBe('signedIn');
  });

  it('error: methods that cannot be loaded (500) → unknown, passkey not offered, only a warning; a spent token (401) → failed', async () => {
    const broken = await setup({ 'GET /users/mfa/methods': () => errorBody(500, 'internal_error', 'Something went wrong.') });
    broken.actor.send({ type: 'user.loadMethods' });
    const snapshot = await broken.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(snapshot.context.userMethods).toBeUndefined();
    expect(snapshot.context.passkeyOffered).toBe(false);
    expect(mfaChallengeError(snapshot)).toBeUndefined();
    expect(broken.warn).toHaveBeenCalled();

    const spent = await setup({ 'GET /users/mfa/methods': () => errorBody(401, 'unauthorized', 'The MFA token is invalid, expired or already used.') });
    spent.actor.send({ type: 'user.loadMethods' });
    const failed = await spent.settled();
    expect(mfaChallengeStatus(failed)).toBe('failed');
    expect(mfaChallengeError(failed)).toMatchObject({ code: 'unauthorized' });
  });

  it('error: a refused assertion (invalid_verification) → idle with the error; the limit → failed', async () => {
    let calls = 0;
    const flow = await setup(
      {
        'POST /users/mfa/auth/passkey': () =>
          ++calls === 1 ? errorBody(400, 'invalid_verification', 'The passkey could not be verified.') : errorBody(429, 'too_many_verification_attempts', 'Too many verification attempts. Sign in again.'),
      },
    );
    flow.actor.send({ type: 'user.authenticatePasskey' });
    let snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(mfaChallengeError(snapshot)).toMatchObject({ code: 'invalid_verification' });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.authenticatePasskey' });
    snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('failed');
    expect(mfaChallengeError(snapshot)?.code).toBe('too_many_verification_attempts');
  });

  it('error: a cancelled ceremony is only logged (warn-only); WebAuthn missing → webauthn_not_supported before any request', async () => {
    const cancelled = createFakeWebAuthn({
      authenticate: async () => {
        throw webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.' });
      },
    });
    const flow = await setup({}, { webauthn: cancelled });
    flow.actor.send({ type: 'user.authenticatePasskey' });
    const snapshot = await flow.settled();
    expect(mfaChallengeStatus(snapshot)).toBe('idle');
    expect(mfaChallengeError(snapshot)).toBeUndefined();
    expect(flow.warn).toHaveBeenCalled();
    expect(flow.paths()).not.toContain('POST /users/mfa/auth/passkey');

    const unsupported = await setup({}, { webauthn: createFakeWebAuthn({ supported: false }) });
    unsupported.actor.send({ type: 'user.authenticatePasskey' });
    const refused = await unsupported.settled();
    expect(mfaChallengeError(refused)).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(unsupported.requests).toHaveLength(0);
  });
});
