import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, deferred, fakeAuthenticationCredential, fakeAuthenticationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaDevicesMachine, mfaDevicesStatus, mfaDevicesStepUpFor } from './mfaDevicesMachine.js';
import { stepUpStatus, type StepUpActorRef } from './stepUpMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const DEVICE = { id: 'dev-pk', type: 'passkey', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:00.000Z', default: true, alias: null };

/** A signed-in client and the device-management flow over it. */
async function setup(routes: Record<string, FakeHandler> = {}, webauthn: FakeWebAuthn = createFakeWebAuthn()) {
  const fake = createFakeFetch(routeTable(routes));
  const warnings: string[] = [];
  const noop = () => undefined;
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: { debug: noop, info: noop, warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')), error: noop },
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(mfaDevicesMachine, { input: { client } }).start();
  // The step-up the flow invoked while a command waits for one (`confirming`); the status reads as its own then.
  const stepUp = () => actor.getSnapshot().children.stepUp as StepUpActorRef | undefined;
  const status = () => {
    const child = stepUp();
    return child ? stepUpStatus(child.getSnapshot()) : mfaDevicesStatus(actor.getSnapshot());
  };
  const busy = () => actor.getSnapshot().hasTag('busy') || stepUp()?.getSnapshot().hasTag('busy') === true;
  const settled = async () => {
    await vi.waitFor(() => expect(busy()).toBe(false));
    return actor.getSnapshot();
  };
  const until = (expected: string) => vi.waitFor(() => expect(status()).toBe(expected));
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^.*\/sdk\/[^/]+/, '')}`);
  const bearers = () => fake.requests.map((request) => request.headers.get('authorization'));
  return { actor, client, webauthn, requests: fake.requests, paths, bearers, stepUp, status, settled, until, warnings };
}

describe('mfaDevicesMachine: device management', () => {
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
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('changingDevice');
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

describe('mfaDevicesMachine: new recovery codes', () => {
  const CODES = { count: 10, recoveryCodes: ['new1-code', 'new2-code'] };

  it('default: regenerate asks for a new set (POST), shown once; acknowledging records it, forgets them and updates the session user', async () => {
    const flow = await setup({
      'POST /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    });
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('fetchingRecoveryCodes');
    expect((await flow.settled()).context.recoveryCodes?.recoveryCodes).toEqual(['new1-code', 'new2-code']);
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('acknowledgingRecoveryCodes');
    const snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context.recoveryCodes).toBeUndefined();
    expect(flow.requests.map((request) => [request.method, request.url.pathname.replace(/^.*\/sdk\/[^/]+/, '')])).toEqual([
      ['POST', '/users/mfa/recovery'],
      ['POST', '/users/mfa/recovery/acknowledge'],
    ]);
    expect(flow.client.session.getSnapshot().context.user?.mfaBackupCodeAcknowledgement).toBe('complete');
  });

  it('error: regenerating with MFA disabled → provider_not_available; a refused acknowledgement keeps the codes shown', async () => {
    const disabled = await setup({ 'POST /users/mfa/recovery': () => errorBody(400, 'provider_not_available', 'Multi-factor authentication is not enabled for this environment.') });
    disabled.actor.send({ type: 'user.regenerateRecoveryCodes' });
    expect((await disabled.settled()).context.error?.code).toBe('provider_not_available');

    const refused = await setup({
      'POST /users/mfa/recovery': () => json(200, CODES),
      'POST /users/mfa/recovery/acknowledge': () => errorBody(400, 'mfa_invalid_request', 'There are no recovery codes to acknowledge.'),
    });
    refused.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await refused.settled();
    refused.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    const snapshot = await refused.settled();
    expect(snapshot.context.recoveryCodes).toEqual(CODES);
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' });
  });
});

describe('mfaDevicesMachine: step-up', () => {
  const STEP_UP = () => errorBody(403, 'mfa_invalid_request', 'Confirm with your second factor first: removing one needs a second factor passed in the last 5 minutes.');
  const METHODS = { methods: ['passkey', 'totp'], hasRecoveryCodes: true };
  const CODES = { count: 10, recoveryCodes: ['new1-code', 'new2-code'] };

  /** The server refuses until a step-up passed, then answers `answer`. */
  function guarded(answer: () => Response) {
    let steppedUp = false;
    return {
      pass: () => {
        steppedUp = true;
        return json(200, fakeSignIn(Date.now() + 7_200_000));
      },
      route: () => (steppedUp ? answer() : STEP_UP()),
    };
  }

  it('default: a refused regenerate asks for a second factor (the user\'s methods) → a TOTP code → the fresh token to the session → the codes', async () => {
    const guard = guarded(() => json(200, CODES));
    const flow = await setup({
      'POST /users/mfa/recovery': guard.route,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': guard.pass,
    });
    const jwtBefore = flow.client.session.getSnapshot().context.jwt;
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await flow.until('awaitingStepUp');
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('confirming');
    expect(flow.actor.getSnapshot().context).toMatchObject({ error: undefined, recoveryCodes: undefined });
    expect(flow.stepUp()?.getSnapshot().context).toMatchObject({ methods: METHODS, error: undefined });
    expect(mfaDevicesStepUpFor(flow.actor.getSnapshot())).toBe('regenerateRecoveryCodes');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123 456' });
    expect(flow.status()).toBe('steppingUp');
    const snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context).toMatchObject({ recoveryCodes: CODES, command: undefined, error: undefined });
    expect(flow.stepUp()).toBeUndefined();
    expect(mfaDevicesStepUpFor(snapshot)).toBeUndefined();
    expect(flow.paths()).toEqual(['POST /users/mfa/recovery', 'GET /users/mfa/methods', 'POST /users/mfa/auth/totp', 'POST /users/mfa/recovery']);
    expect(flow.requests[2]?.body).toEqual({ code: '123456' });
    // The step-up went with the session token; the retry with the fresh one it answered.
    const jwtAfter = flow.client.session.getSnapshot().context.jwt;
    expect(jwtAfter).not.toBe(jwtBefore);
    expect(flow.bearers()).toEqual([`Bearer ${jwtBefore}`, `Bearer ${jwtBefore}`, `Bearer ${jwtBefore}`, `Bearer ${jwtAfter}`]);
  });

  it('default: a refused delete → the user\'s MFA passkey → the delete runs once more and the list reloads', async () => {
    const guard = guarded(() => json(200, { ok: true }));
    let list = [DEVICE];
    const flow = await setup({
      'GET /users/mfa': () => json(200, { count: list.length, devices: list }),
      'DELETE /users/mfa/dev-pk': () => {
        const answer = guard.route();
        if (answer.ok) list = [];
        return answer;
      },
      'GET /users/mfa/methods': () => json(200, METHODS),
      'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()),
      'POST /users/mfa/auth/passkey': guard.pass,
    });
    flow.actor.send({ type: 'user.loadDevices' });
    await flow.settled();
    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    await flow.until('awaitingStepUp');
    expect(mfaDevicesStepUpFor(flow.actor.getSnapshot())).toBe('deleteDevice');
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    expect(flow.status()).toBe('steppingUpWithPasskey');
    const snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context.devices).toEqual([]);
    expect(flow.webauthn.calls).toEqual(['startAuthentication']);
    expect(flow.requests.find((request) => request.url.pathname.endsWith('/users/mfa/auth/passkey') && request.method === 'POST')?.body).toEqual({
      credential: fakeAuthenticationCredential(),
    });
    expect(flow.paths().filter((path) => path === 'DELETE /users/mfa/dev-pk')).toHaveLength(2);
  });

  it('behavior: a recovery code steps up too; a malformed one is refused before any request', async () => {
    const guard = guarded(() => json(200, CODES));
    const flow = await setup({ 'POST /users/mfa/recovery': guard.route, 'GET /users/mfa/methods': () => json(200, METHODS), 'POST /users/mfa/auth/recovery': guard.pass });
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await flow.until('awaitingStepUp');
    const before = flow.requests.length;
    flow.actor.send({ type: 'user.stepUpWithRecoveryCode', code: 'nope' });
    expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'invalid_code' });
    flow.actor.send({ type: 'user.stepUpWithCode', code: '12' });
    expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'invalid_code' });
    expect(flow.requests).toHaveLength(before);
    flow.actor.send({ type: 'user.stepUpWithRecoveryCode', code: ' 7kq2-m9xd ' });
    expect((await flow.settled()).context.recoveryCodes).toEqual(CODES);
    expect(flow.requests.find((request) => request.url.pathname.endsWith('/users/mfa/auth/recovery'))?.body).toEqual({ code: '7kq2-m9xd' });
  });

  it('error: a wrong code stays in the prompt as a sentence; too many attempts end the step-up with nothing changed', async () => {
    let attempts = 0;
    const flow = await setup({
      'POST /users/mfa/recovery': STEP_UP,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () =>
        ++attempts === 1 ? errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') : errorBody(429, 'too_many_verification_attempts', 'Too many verification attempts.'),
    });
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '000000' });
    let snapshot = await flow.settled();
    expect(flow.status()).toBe('awaitingStepUp');
    expect(flow.stepUp()?.getSnapshot().context.error).toMatchObject({ code: 'mfa_invalid_code', message: 'Invalid code' });
    expect(snapshot.context.error).toBeUndefined();
    flow.actor.send({ type: 'user.stepUpWithCode', code: '111111' });
    snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context).toMatchObject({ command: undefined, recoveryCodes: undefined });
    expect(flow.stepUp()).toBeUndefined();
    expect(snapshot.context.error?.code).toBe('too_many_verification_attempts');
    expect(flow.paths().filter((path) => path === 'POST /users/mfa/recovery')).toHaveLength(1);
  });

  it('error: refused again after a passed step-up → shown, not asked twice; the last required device (400) is never a step-up', async () => {
    const flow = await setup({
      'POST /users/mfa/recovery': STEP_UP,
      'GET /users/mfa/methods': () => json(200, METHODS),
      'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 7_200_000)),
      'DELETE /users/mfa/dev-pk': () => errorBody(400, 'mfa_invalid_request', 'Multi-factor authentication is required: the last second factor cannot be removed.'),
    });
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithCode', code: '123456' });
    let snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', status: 403 });
    expect(flow.paths().filter((path) => path === 'POST /users/mfa/recovery')).toHaveLength(2);

    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    snapshot = await flow.settled();
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'mfa_invalid_request', message: 'Multi-factor authentication is required: the last second factor cannot be removed.' });
    expect(flow.paths().filter((path) => path === 'GET /users/mfa/methods')).toHaveLength(1);
  });

  it('behavior: cancel — while the methods load, in the prompt, or during the passkey ceremony (aborted) — leaves everything as it was', async () => {
    const methods = deferred<void>();
    const ceremony = deferred<never>();
    const webauthn = createFakeWebAuthn({ authenticate: () => ceremony.promise });
    const flow = await setup(
      {
        'GET /users/mfa': () => json(200, { count: 1, devices: [DEVICE] }),
        'DELETE /users/mfa/dev-pk': STEP_UP,
        'GET /users/mfa/methods': () => methods.promise.then(() => json(200, METHODS)),
        'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()),
      },
      webauthn,
    );
    flow.actor.send({ type: 'user.loadDevices' });
    await flow.settled();
    const jwt = flow.client.session.getSnapshot().context.jwt;
    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    await flow.until('loadingStepUpMethods');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('idle');
    methods.resolve();

    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.cancelStepUp' });
    expect(mfaDevicesStatus(flow.actor.getSnapshot())).toBe('idle');

    flow.actor.send({ type: 'user.deleteDevice', id: 'dev-pk' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    await vi.waitFor(() => expect(webauthn.calls).toContain('startAuthentication'));
    flow.actor.send({ type: 'user.cancelStepUp' });
    const snapshot = flow.actor.getSnapshot();
    expect(webauthn.calls).toEqual(['startAuthentication', 'cancel']);
    expect(mfaDevicesStatus(snapshot)).toBe('idle');
    expect(snapshot.context).toMatchObject({ devices: [DEVICE], command: undefined, steppedUp: false, error: undefined, recoveryCodes: undefined });
    expect(flow.stepUp()).toBeUndefined();
    expect(flow.client.session.getSnapshot().context.jwt).toBe(jwt);
    ceremony.reject(webAuthnError('ERROR_CEREMONY_ABORTED', { name: 'AbortError', message: 'aborted' }));
  });

  it('behavior: the passkey prompt closed in the browser is only logged; the prompt stays for another method', async () => {
    const webauthn = createFakeWebAuthn({
      authenticate: async () => Promise.reject(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed.' })),
    });
    const flow = await setup(
      { 'POST /users/mfa/recovery': STEP_UP, 'GET /users/mfa/methods': () => json(200, METHODS), 'GET /users/mfa/auth/passkey': () => json(200, fakeAuthenticationOptions()) },
      webauthn,
    );
    flow.actor.send({ type: 'user.regenerateRecoveryCodes' });
    await flow.until('awaitingStepUp');
    flow.actor.send({ type: 'user.stepUpWithPasskey' });
    const snapshot = await flow.settled();
    expect(flow.status()).toBe('awaitingStepUp');
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.stepUp()?.getSnapshot().context.error).toBeUndefined();
    expect(flow.warnings).toHaveLength(1);
    expect(flow.warnings[0]).toContain('timed out or was not allowed');
  });
});
