import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable, type FakeHandler } from '../test/fakeFetch.js';
import {
  createFakeWebAuthn,
  deferred,
  fakeAuthenticationOptions,
  type FakeWebAuthn,
} from '../test/fakeWebAuthn.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { usePasskeySignIn } from './usePasskeySignIn.js';
import { useSession } from './useSession.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function setup(webauthn: FakeWebAuthn = createFakeWebAuthn(), handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () => json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: {} }),
      'GET /users/passkeys/signin': () => json(200, fakeAuthenticationOptions()),
      'POST /users/passkeys/signin': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
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
  const render = () => renderHook(() => ({ passkey: usePasskeySignIn(), session: useSession() }), { wrapper });
  return { client, render, requests: fake.requests, warn };
}

describe('usePasskeySignIn', () => {
  it('default: sign in with a passkey → done and the session signed in', async () => {
    const { render } = setup();
    const { result } = render();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.passkey).toMatchObject({ status: 'idle', error: undefined, isBusy: false, isCeremony: false });

    act(() => result.current.passkey.signIn());
    expect(result.current.passkey).toMatchObject({ status: 'signingIn', isBusy: true, isCeremony: true });
    await waitFor(() => expect(result.current.passkey.status).toBe('done'));
    expect(result.current.session.status).toBe('signedIn');
    expect(result.current.passkey.error).toBeUndefined();
  });

  it('error: webauthn_not_supported — "Webauthn is not supported on this device."', async () => {
    const { render, requests } = setup(createFakeWebAuthn({ supported: false }));
    const { result } = render();
    act(() => result.current.passkey.signIn());
    await waitFor(() => expect(result.current.passkey.error?.code).toBe('webauthn_not_supported'));
    expect(result.current.passkey.error?.message).toBe('Webauthn is not supported on this device.');
    expect(requests.filter((request) => request.url.pathname.includes('passkeys'))).toHaveLength(0);
  });

  it('behavior: warn-only failures are logged, not shown', async () => {
    const { render, warn } = setup(
      createFakeWebAuthn({
        authenticate: async () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
      }),
    );
    const { result } = render();
    act(() => result.current.passkey.signIn());
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(result.current.passkey.status).toBe('idle'));
    expect(result.current.passkey.error).toBeUndefined();
    expect(warn.mock.calls[0]).toContain('The operation either timed out or was not allowed');
  });

  it('behavior: cancel() aborts the ceremony; a server refusal keeps its code', async () => {
    const fakeWebAuthn = createFakeWebAuthn({ authenticate: () => deferred<never>().promise });
    const { render } = setup(fakeWebAuthn);
    const { result } = render();
    act(() => result.current.passkey.signIn());
    await waitFor(() => expect(fakeWebAuthn.calls).toContain('startAuthentication'));
    act(() => result.current.passkey.cancel());
    expect(result.current.passkey.status).toBe('idle');
    expect(fakeWebAuthn.calls).toEqual(['startAuthentication', 'cancel']);

    const refused = setup(undefined, { 'POST /users/passkeys/signin': () => errorBody(400, 'invalid_verification', 'This passkey is not registered.') });
    const second = refused.render();
    act(() => second.result.current.passkey.signIn());
    await waitFor(() => expect(second.result.current.passkey.error).toMatchObject({ code: 'invalid_verification', message: 'This passkey is not registered.' }));
  });
});
