import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useMfaEnrolment } from './useMfaEnrolment.js';
import { useSession } from './useSession.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };

function setup(handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () => json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: {} }),
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      ...handlers,
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ mfa: useMfaEnrolment(), session: useSession() }), { wrapper });
  return { client, result, requests: fake.requests };
}

describe('useMfaEnrolment', () => {
  it('default: enrolment shows the secret and URI, the first code enrols the device', async () => {
    const { client, result } = setup();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    expect(result.current.mfa).toMatchObject({ status: 'idle', registration: undefined, device: undefined, error: undefined, isBusy: false });
    act(() => result.current.mfa.startEnrolment());
    await waitFor(() => expect(result.current.mfa.status).toBe('awaitingEnrolmentCode'));
    expect(result.current.mfa.registration).toEqual(REGISTRATION);
    act(() => result.current.mfa.submitEnrolmentCode('123456'));
    await waitFor(() => expect(result.current.mfa.status).toBe('enrolled'));
    expect(result.current.mfa.device).toEqual(DEVICE);
  });

  it('default: acknowledgeRecoveryCodes records it; the codes go and the session user says complete', async () => {
    const { client, result, requests } = setup({
      'GET /users/mfa/recovery': () => json(200, { count: 2, recoveryCodes: ['7kq2-m9xd', 'abcd-efgh'] }),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    act(() => result.current.mfa.loadRecoveryCodes());
    await waitFor(() => expect(result.current.mfa.recoveryCodes?.recoveryCodes).toHaveLength(2));
    act(() => result.current.mfa.acknowledgeRecoveryCodes());
    expect(result.current.mfa).toMatchObject({ status: 'acknowledgingRecoveryCodes', isBusy: true });
    await waitFor(() => expect(result.current.mfa.status).toBe('idle'));
    expect(result.current.mfa.recoveryCodes).toBeUndefined();
    expect(result.current.session.user?.mfaBackupCodeAcknowledgement).toBe('complete');
    expect(requests.at(-1)?.url.pathname).toMatch(/\/users\/mfa\/recovery\/acknowledge$/);
  });
});
