import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, fakeAuthenticationCredential, fakeAuthenticationOptions, fakeRegistrationCredential, fakeRegistrationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaMachine } from './mfaMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const MFA_TOKEN = 'mfa-token-1';
const DEVICE = { id: 'dev-pk', type: 'passkey', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:00.000Z', default: true, alias: null };

async function setup(routes: Record<string, FakeHandler> = {}, options: { pending?: boolean; webauthn?: FakeWebAuthn } = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/mfa/register/passkey': () => json(200, fakeRegistrationOptions()),
      'POST /users/mfa/register/passkey': () => json(200, DEVICE),
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
  client.session.send({ type: 'server.signedIn', response: options.pending ? { user: fakeUser(), mfaToken: MFA_TOKEN, nextView: 'mfa-challenge' } : fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(mfaMachine, { input: { client } }).start();
  const settled = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy') && snapshot.value !== 'loadingMethods');
    return actor.getSnapshot();
  };
  const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '')}`);
  return { actor, client, webauthn, requests: fake.requests, paths, settled, sessionStatus, warn };
}

describe('mfaMachine: a passkey as the second factor', () => {
  it('default: registerPasskey runs the ceremony and enrols the passkey device (alias trimmed)', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.registerPasskey', alias: ' Key ' });
    expect(flow.actor.getSnapshot().value).toBe('registeringPasskey');
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('enrolled');
    expect(snapshot.context.device).toEqual(DEVICE);
    expect(flow.paths()).toEqual(['GET /users/mfa/register/passkey', 'POST /users/mfa/register/passkey']);
    expect(flow.requests.at(-1)?.body).toEqual({ credential: fakeRegistrationCredential(), alias: 'Key' });
  });

  it('default: loadMethods learns the user has only a passkey (MFA token as bearer); its assertion signs the session in', async () => {
    const flow = await setup({}, { pending: true });
    flow.actor.send({ type: 'user.loadMethods' });
    expect(flow.actor.getSnapshot().value).toBe('loadingMethods');
    const loaded = await flow.settled();
    expect(loaded.value).toBe('idle');
    expect(loaded.context.userMethods).toEqual({ methods: ['passkey'], hasRecoveryCodes: true });
    expect(loaded.context.passkeyOffered).toBe(true);
    expect(flow.paths()).toEqual(['GET /users/mfa/methods']);
    expect(flow.requests[0]?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    flow.actor.send({ type: 'user.authenticatePasskey' });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'done');
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.webauthn.calls).toEqual(['startAuthentication']);
    expect(flow.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${MFA_TOKEN}`);
    expect(flow.requests.at(-1)?.body).toEqual({ credential: fakeAuthenticationCredential() });
  });

  it('behavior: a TOTP-only user → passkey not offered, no error; user.checkPasskey (the former name) still asks', async () => {
    const flow = await setup({ 'GET /users/mfa/methods': () => json(200, { methods: ['totp'], hasRecoveryCodes: false }) }, { pending: true });
    flow.actor.send({ type: 'user.checkPasskey' });
    const snapshot = await flow.settled();
    expect(snapshot.context.userMethods).toEqual({ methods: ['totp'], hasRecoveryCodes: false });
    expect(snapshot.context.passkeyOffered).toBe(false);
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.paths()).toEqual(['GET /users/mfa/methods']);
  });

  it('behavior: the code form works while the methods load', async () => {
    const flow = await setup({ 'GET /users/mfa/methods': () => new Promise<Response>(() => undefined), 'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 3_600_000)) }, { pending: true });
    flow.actor.send({ type: 'user.loadMethods' });
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'done');
    expect(flow.sessionStatus()).toBe('signedIn');
  });

  it('error: methods that cannot be loaded (500) → unknown, passkey not offered, only a warning; a spent token (401) → failed', async () => {
    const broken = await setup({ 'GET /users/mfa/methods': () => errorBody(500, 'internal_error', 'Something went wrong.') }, { pending: true });
    broken.actor.send({ type: 'user.loadMethods' });
    const snapshot = await broken.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.userMethods).toBeUndefined();
    expect(snapshot.context.passkeyOffered).toBe(false);
    expect(snapshot.context.error).toBeUndefined();
    expect(broken.warn).toHaveBeenCalled();

    const spent = await setup({ 'GET /users/mfa/methods': () => errorBody(401, 'unauthorized', 'The MFA token is invalid, expired or already used.') }, { pending: true });
    spent.actor.send({ type: 'user.loadMethods' });
    const failed = await spent.settled();
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toMatchObject({ code: 'unauthorized' });
  });

  it('error: a refused assertion (invalid_verification) → idle with the error; the limit → failed', async () => {
    let calls = 0;
    const flow = await setup(
      {
        'POST /users/mfa/auth/passkey': () =>
          ++calls === 1 ? errorBody(400, 'invalid_verification', 'The passkey could not be verified.') : errorBody(429, 'too_many_verification_attempts', 'Too many verification attempts. Sign in again.'),
      },
      { pending: true },
    );
    flow.actor.send({ type: 'user.authenticatePasskey' });
    let snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'invalid_verification' });
    expect(flow.sessionStatus()).toBe('mfa');
    flow.actor.send({ type: 'user.authenticatePasskey' });
    snapshot = await flow.settled();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error?.code).toBe('too_many_verification_attempts');
  });

  it('error: a cancelled ceremony is only logged (warn-only); WebAuthn missing → webauthn_not_supported before any request', async () => {
    const cancelled = createFakeWebAuthn({
      authenticate: async () => {
        throw webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.' });
      },
    });
    const flow = await setup({}, { pending: true, webauthn: cancelled });
    flow.actor.send({ type: 'user.authenticatePasskey' });
    const snapshot = await flow.settled();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.warn).toHaveBeenCalled();
    expect(flow.paths()).not.toContain('POST /users/mfa/auth/passkey');

    const unsupported = await setup({}, { webauthn: createFakeWebAuthn({ supported: false }) });
    unsupported.actor.send({ type: 'user.registerPasskey' });
    const refused = await unsupported.settled();
    expect(refused.context.error).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(unsupported.requests).toHaveLength(0);
  });
});

describe('mfaMachine: device management', () => {
  const TOTP = { ...DEVICE, id: 'dev-totp', type: 'totp', default: false, alias: 'Phone' };

  it('default: load lists the devices; rename, make default and delete each change then reload the list', async () => {
    let list = [DEVICE, TOTP];
    const flow = await setup({
      'GET /users/mfa': () => json(200, { count: list.length, devices: list }),
      'PUT /users/mfa/dev-totp': ({ body }) => {
        const update = body as { alias?: string; default?: true };
        list = list.map((device) => (device.id === 'dev-totp' ? { ...device, ...(update.alias ? { alias: update.alias } : {}), ...(update.default ? { default: true } : {}) } : update.default ? { ...device, default: false } : device));
        return json(200, list.find((device) => device.id === 'dev-totp'));
      },
      'DELETE /users/mfa/dev-pk': () => {
        list = list.filter((device) => device.id !== 'dev-pk');
        return json(200, { ok: true });
      },
    });
    flow.actor.send({ type: 'user.loadDevices' });
    expect((await flow.settled()).context.devices?.map((device) => device.id)).toEqual(['dev-pk', 'dev-totp']);
    flow.actor.send({ type: 'user.renameDevice', id: 'dev-totp', alias: ' Work phone ' });
    expect(flow.actor.getSnapshot().value).toBe('changingDevice');
    expect((await flow.settled()).context.devices?.find((device) => device.id === 'dev-totp')?.alias).toBe('Work phone');
    expect(flow.requests.at(-2)?.body).toEqual({ alias: 'Work phone' });
    flow.actor.send({ type: 'user.makeDefaultDevice', id: 'dev-totp' });
    expect((await flow.settled()).context.devices?.map((device) => [device.id, device.default])).toEqual([
      ['dev-pk', false],
      ['dev-totp', true],
    ]);
    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    expect((await flow.settled()).context.devices?.map((device) => device.id)).toEqual(['dev-totp']);
  });

  it('error: a bad alias is refused before any request; mfa_device_not_found comes back with the list unchanged', async () => {
    const flow = await setup({
      'GET /users/mfa': () => json(200, { count: 1, devices: [DEVICE] }),
      'DELETE /users/mfa/gone': () => errorBody(404, 'mfa_device_not_found', 'MFA device not found.', 'mfaDeviceId'),
    });
    flow.actor.send({ type: 'user.loadDevices' });
    await flow.settled();
    flow.actor.send({ type: 'user.renameDevice', id: 'dev-pk', alias: '  ' });
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_request', message: 'Enter a name of 1 to 64 characters.' });
    expect(flow.requests).toHaveLength(1);
    flow.actor.send({ type: 'user.deleteDevice', id: 'gone' });
    const snapshot = await flow.settled();
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_device_not_found', message: 'MFA device not found.' });
    expect(snapshot.context.devices).toEqual([DEVICE]);
  });
});
