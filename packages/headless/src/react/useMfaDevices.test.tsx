import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useMfaDevices } from './useMfaDevices.js';
import { useSession } from './useSession.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };

function setup(handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () => json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: {} }),
      ...handlers,
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ mfa: useMfaDevices(), session: useSession() }), { wrapper });
  return { client, result, requests: fake.requests };
}

describe('useMfaDevices', () => {
  it('default: loadDevices, makeDefaultDevice and deleteDevice keep devices in step', async () => {
    let devices = [DEVICE, { ...DEVICE, id: 'dev-2', default: false }];
    const { client, result } = setup({
      'GET /users/mfa': () => json(200, { count: devices.length, devices }),
      'PUT /users/mfa/dev-2': () => {
        devices = devices.map((device) => ({ ...device, default: device.id === 'dev-2' }));
        return json(200, devices[1]);
      },
      'DELETE /users/mfa/dev-1': () => {
        devices = devices.filter((device) => device.id !== 'dev-1');
        return json(200, { ok: true });
      },
    });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    expect(result.current.mfa.devices).toBeUndefined();
    act(() => result.current.mfa.loadDevices());
    await waitFor(() => expect(result.current.mfa.devices).toHaveLength(2));
    act(() => result.current.mfa.makeDefaultDevice('dev-2'));
    await waitFor(() => expect(result.current.mfa.devices?.find((device) => device.default)?.id).toBe('dev-2'));
    act(() => result.current.mfa.deleteDevice('dev-1'));
    await waitFor(() => expect(result.current.mfa.devices?.map((device) => device.id)).toEqual(['dev-2']));
  });

  it('default: regenerateRecoveryCodes shows a new set once; acknowledging forgets it and completes the session user', async () => {
    const { client, result } = setup({
      'POST /users/mfa/recovery': () => json(200, { count: 2, recoveryCodes: ['new1-code', 'new2-code'] }),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    expect(result.current.mfa).toMatchObject({ status: 'idle', devices: undefined, recoveryCodes: undefined, error: undefined, isBusy: false });
    act(() => result.current.mfa.regenerateRecoveryCodes());
    expect(result.current.mfa).toMatchObject({ status: 'fetchingRecoveryCodes', isBusy: true });
    await waitFor(() => expect(result.current.mfa.recoveryCodes?.recoveryCodes).toEqual(['new1-code', 'new2-code']));
    act(() => result.current.mfa.acknowledgeRecoveryCodes());
    await waitFor(() => expect(result.current.mfa.status).toBe('idle'));
    expect(result.current.mfa.recoveryCodes).toBeUndefined();
    expect(result.current.session.user?.mfaBackupCodeAcknowledgement).toBe('complete');
  });
});
