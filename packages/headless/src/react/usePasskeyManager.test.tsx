import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../test/fakeFetch.js';
import {
  CREDENTIAL_ID,
  createFakeWebAuthn,
  deferred,
  fakeRegistrationOptions,
  webAuthnError,
  type FakeWebAuthn,
} from '../test/fakeWebAuthn.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { usePasskeyManager } from './usePasskeyManager.js';
import { useSession } from './useSession.js';

const PASSKEY = {
  id: 'pk-1',
  alias: null,
  userAgent: 'test',
  origin: 'http://localhost',
  credentialId: CREDENTIAL_ID,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  storage: 'platform',
};

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function setup(webauthn: FakeWebAuthn = createFakeWebAuthn(), handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () => json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: {} }),
      'GET /users/passkeys/register': () => json(200, fakeRegistrationOptions()),
      'POST /users/passkeys/register': () => json(200, { passkey: PASSKEY, user: fakeUser() }),
      'GET /users/passkeys': () => json(200, { passkeys: [PASSKEY], count: 1 }),
      'PUT /users/passkeys': ({ body }) => json(200, { ...PASSKEY, alias: (body as { alias: string }).alias }),
      'DELETE /users/passkeys': () => json(200, { ok: true }),
      ...handlers,
    }),
  );
  const warn = vi.fn();
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: createMemoryStorage(),
    console: { debug: () => undefined, info: () => undefined, warn, error: () => undefined },
    logLevel: 'WARN',
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const render = () => renderHook(() => ({ passkey: usePasskeyManager(), session: useSession() }), { wrapper });
  return { client, render, requests: fake.requests, warn };
}

describe('usePasskeyManager', () => {
  it('default: register, then list, rename and remove the signed-in user\'s passkeys', async () => {
    const { render, client } = setup();
    const { result } = render();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.passkey).toMatchObject({ status: 'idle', passkeys: undefined, registered: undefined, error: undefined, isBusy: false, isCeremony: false });
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));

    act(() => result.current.passkey.register('Laptop'));
    expect(result.current.passkey).toMatchObject({ status: 'registering', isBusy: true, isCeremony: true });
    await waitFor(() => expect(result.current.passkey.status).toBe('idle'));
    expect(result.current.passkey.registered).toEqual(PASSKEY);

    act(() => result.current.passkey.load());
    await waitFor(() => expect(result.current.passkey.passkeys).toEqual([PASSKEY]));
    act(() => result.current.passkey.rename('pk-1', 'Phone'));
    await waitFor(() => expect(result.current.passkey.passkeys?.[0]?.alias).toBe('Phone'));
    act(() => result.current.passkey.remove('pk-1'));
    await waitFor(() => expect(result.current.passkey.passkeys).toEqual([]));
    expect(result.current.passkey.error).toBeUndefined();
  });

  it.each([
    ['ERROR_CEREMONY_ABORTED', 'passkey_ceremony_aborted', 'The passkey ceremony was aborted.'],
    ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'passkey_previously_registered', 'This authenticator was already registered.'],
    ['ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT', 'passkey_discoverable_credential_unsupported', 'This authenticator does not support discoverable credentials.'],
    ['ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT', 'passkey_user_verification_unsupported', 'This authenticator does not support user verification.'],
    ['ERROR_INVALID_DOMAIN', 'passkey_invalid_domain', 'The domain is not valid for passkeys.'],
    ['ERROR_INVALID_RP_ID', 'passkey_invalid_rp_id', 'The relying party id does not match the domain.'],
    ['ERROR_INVALID_USER_ID_LENGTH', 'passkey_invalid_user_id_length', 'The passkey user id must be 1 to 64 bytes.'],
    ['ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG', 'passkey_no_supported_algorithm', 'The authenticator supports none of the requested algorithms.'],
    ['ERROR_AUTHENTICATOR_GENERAL_ERROR', 'passkey_authenticator_error', 'The authenticator failed.'],
  ])('error: %s surfaces as %s', async (browserCode, code, message) => {
    const { render, client } = setup(createFakeWebAuthn({ register: async () => Promise.reject(webAuthnError(browserCode)) }));
    const { result } = render();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    act(() => result.current.passkey.register());
    await waitFor(() => expect(result.current.passkey.error?.code).toBe(code));
    expect(result.current.passkey).toMatchObject({ status: 'idle', isBusy: false, registered: undefined });
    expect(result.current.passkey.error?.message).toBe(message);
  });

  it('behavior: cancel() aborts the registration ceremony; nothing is sent', async () => {
    const fakeWebAuthn = createFakeWebAuthn({ register: () => deferred<never>().promise });
    const { render, client, requests } = setup(fakeWebAuthn);
    const { result } = render();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    act(() => result.current.passkey.register());
    await waitFor(() => expect(fakeWebAuthn.calls).toContain('startRegistration'));
    act(() => result.current.passkey.cancel());
    expect(result.current.passkey).toMatchObject({ status: 'idle', isBusy: false, error: undefined });
    expect(fakeWebAuthn.calls).toEqual(['startRegistration', 'cancel']);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
