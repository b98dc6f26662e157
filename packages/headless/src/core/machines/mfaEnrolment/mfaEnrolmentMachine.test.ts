import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, fakeRegistrationCredential, fakeRegistrationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaEnrolmentMachine, mfaEnrolmentStatus } from './mfaEnrolmentMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };
const PASSKEY_DEVICE = { id: 'dev-pk', type: 'passkey', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:00.000Z', default: true, alias: null };

/** A signed-in client and the enrolment flow over it. */
async function setup(routes: Record<string, FakeHandler> = {}, options: { webauthn?: FakeWebAuthn } = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      'GET /users/mfa/register/passkey': () => json(200, fakeRegistrationOptions()),
      'POST /users/mfa/register/passkey': () => json(200, PASSKEY_DEVICE),
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
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(mfaEnrolmentMachine, { input: { client } }).start();
  const settled = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '')}`);
  return { actor, client, webauthn, requests: fake.requests, paths, settled, warn };
}

describe('mfaEnrolmentMachine: an authenticator app', () => {
  it('default: fetchingSecret → awaitingEnrolmentCode (secret, uri) → verifyingEnrolment → enrolled', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.startEnrolment' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('fetchingSecret');
    const awaiting = await flow.settled();
    expect(mfaEnrolmentStatus(awaiting)).toBe('awaitingEnrolmentCode');
    expect(awaiting.context.registration).toEqual(REGISTRATION);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123 456' });
    const enrolled = await flow.settled();
    expect(mfaEnrolmentStatus(enrolled)).toBe('enrolled');
    expect(enrolled.context.device).toEqual(DEVICE);
    expect(flow.requests.at(-1)?.body).toEqual({ id: 'dev-1', code: '123456' });
    // The app holds the secret now: the flow (useMfaEnrolment().registration) keeps no seed for a UI or a state dump.
    expect(enrolled.context.registration).toBeUndefined();
  });

  it('error: a malformed code → invalid_code before any request; a wrong one → mfa_invalid_code, still awaiting', async () => {
    const flow = await setup({ 'POST /users/mfa/register/totp': () => errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '12a' });
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code' });
    expect(flow.requests).toHaveLength(1);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '000000' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('awaitingEnrolmentCode');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
  });

  it('error: MFA disabled (provider_not_available) leaves enrolment idle with the error', async () => {
    const flow = await setup({ 'GET /users/mfa/register/totp': () => errorBody(400, 'provider_not_available', 'Multi-factor authentication is not enabled for this environment.') });
    flow.actor.send({ type: 'user.startEnrolment' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('idle');
    expect(snapshot.context.error?.code).toBe('provider_not_available');
  });
});

describe('mfaEnrolmentMachine: a passkey as the second factor', () => {
  it('default: registerPasskey runs the ceremony and enrols the passkey device (alias trimmed)', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.registerPasskey', alias: ' Key ' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('registeringPasskey');
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('enrolled');
    expect(snapshot.context.device).toEqual(PASSKEY_DEVICE);
    expect(flow.paths()).toEqual(['GET /users/mfa/register/passkey', 'POST /users/mfa/register/passkey']);
    expect(flow.requests.at(-1)?.body).toEqual({ credential: fakeRegistrationCredential(), alias: 'Key' });
  });

  it('error: a cancelled ceremony is only logged (warn-only); WebAuthn missing → webauthn_not_supported before any request', async () => {
    const cancelled = createFakeWebAuthn({
      register: async () => {
        throw webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.' });
      },
    });
    const flow = await setup({}, { webauthn: cancelled });
    flow.actor.send({ type: 'user.registerPasskey' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('idle');
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.warn).toHaveBeenCalled();
    expect(flow.paths()).not.toContain('POST /users/mfa/register/passkey');

    const unsupported = await setup({}, { webauthn: createFakeWebAuthn({ supported: false }) });
    unsupported.actor.send({ type: 'user.registerPasskey' });
    const refused = await unsupported.settled();
    expect(refused.context.error).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(unsupported.requests).toHaveLength(0);
  });
});

describe('mfaEnrolmentMachine: recovery codes', () => {
  const CODES = { count: 10, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] };

  it('default: after enrolling, load shows the codes once (GET)', async () => {
    const flow = await setup({ 'GET /users/mfa/recovery': () => json(200, CODES) });
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    expect(mfaEnrolmentStatus(await flow.settled())).toBe('enrolled');
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('fetchingRecoveryCodes');
    expect((await flow.settled()).context.recoveryCodes).toEqual(CODES);
    expect(flow.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
    expect(flow.requests.at(-1)?.url.pathname).toMatch(/\/users\/mfa\/recovery$/);
  });

  it('default: acknowledging records it on the server, forgets the codes and hands the updated user to the session', async () => {
    const flow = await setup({
      'GET /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.settled();
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    expect(mfaEnrolmentStatus(flow.actor.getSnapshot())).toBe('acknowledgingRecoveryCodes');
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('idle');
    expect(snapshot.context.recoveryCodes).toBeUndefined();
    expect(flow.requests.at(-1)?.method).toBe('POST');
    expect(flow.requests.at(-1)?.url.pathname).toMatch(/\/users\/mfa\/recovery\/acknowledge$/);
    expect(flow.client.session.getSnapshot().context.user?.mfaBackupCodeAcknowledgement).toBe('complete');
  });

  it('error: a refused acknowledgement (mfa_invalid_request) keeps the codes shown, with the error', async () => {
    const flow = await setup({
      'GET /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => errorBody(400, 'mfa_invalid_request', 'There are no recovery codes to acknowledge.'),
    });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.settled();
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    const snapshot = await flow.settled();
    expect(mfaEnrolmentStatus(snapshot)).toBe('idle');
    expect(snapshot.context.recoveryCodes).toEqual(CODES);
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' });
    expect(flow.client.session.getSnapshot().context.user?.mfaBackupCodeAcknowledgement).toBeUndefined();
  });

  it('error: recovery codes with MFA disabled → provider_not_available', async () => {
    const flow = await setup({ 'GET /users/mfa/recovery': () => errorBody(400, 'provider_not_available', 'Multi-factor authentication is not enabled for this environment.') });
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    expect((await flow.settled()).context.error?.code).toBe('provider_not_available');
  });
});
