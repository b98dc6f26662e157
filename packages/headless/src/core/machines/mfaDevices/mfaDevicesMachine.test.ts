import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaDevicesMachine, mfaDevicesStatus } from './mfaDevicesMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const DEVICE = { id: 'dev-pk', type: 'passkey', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:00.000Z', default: true, alias: null };

/** A signed-in client and the device-management flow over it. */
async function setup(routes: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(routeTable(routes));
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: false,
    sendLogs: false,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(mfaDevicesMachine, { input: { client } }).start();
  const settled = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  return { actor, client, requests: fake.requests, settled };
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
