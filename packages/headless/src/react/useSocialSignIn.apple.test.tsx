import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { APPLE_SDK_PATH, type AppleIdAuth, type AppleIdSignInResponse } from '../core/oauth/appleSdk.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, json, routeTable } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useSession } from './useSession.js';
import { useSocialSignIn } from './useSocialSignIn.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const STATE = 'q'.repeat(43);
const SDK_ORIGIN = 'http://127.0.0.1:4014';

function setup(loaderImpl?: (src: string) => Promise<AppleIdAuth>) {
  let settle: { resolve(value: AppleIdSignInResponse): void; reject(reason: unknown): void } | undefined;
  const auth: AppleIdAuth = { init: vi.fn(), signIn: vi.fn(() => new Promise<AppleIdSignInResponse>((resolve, reject) => (settle = { resolve, reject }))) };
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () =>
        json(200, {
          environmentName: 'sandbox',
          design: {},
          general: {},
          kyc: [],
          customFields: [],
          privacy: { collectIp: false },
          providers: [{ id: 'p-apple', provider: 'apple', enabledAt: '2026-01-01T00:00:00.000Z', clientId: 'latchkey-sandbox-apple', baseAuthUrl: SDK_ORIGIN }],
          security: {},
          sdk: {},
        }),
      'POST /providers/apple/initAuth': () =>
        json(200, { state: STATE, redirectUrl: `${API_BASE_URL}/r`, authorizationUrl: `${SDK_ORIGIN}/signin?client_id=latchkey-sandbox-apple&scope=name+email&state=${STATE}` }),
      'POST /providers/apple/signIn': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  const loader = vi.fn(loaderImpl ?? (async () => auth));
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ social: useSocialSignIn({ appleSdk: loader, completeRedirectOnMount: false }), session: useSession() }), { wrapper });
  return { result, loader, auth, client, requests: fake.requests, answer: (value: AppleIdSignInResponse) => settle!.resolve(value), fail: (reason: unknown) => settle!.reject(reason) };
}

async function start(t: ReturnType<typeof setup>) {
  await waitFor(() => expect(t.result.current.session.status).toBe('signedOut'));
  await waitFor(() => expect(t.client.settings.get().status).toBe('ready'));
  act(() => t.result.current.social.signIn('apple'));
}

describe("useSocialSignIn('apple') by Sign in with Apple JS", () => {
  it("default: loads the SDK from the project's Apple baseAuthUrl, Apple's answer signs in", async () => {
    const t = setup();
    await start(t);
    await waitFor(() => expect(t.result.current.social.status).toBe('awaitingAuthorization'));
    expect(t.loader).toHaveBeenCalledWith(`${SDK_ORIGIN}${APPLE_SDK_PATH}`);
    expect(t.result.current.social).toMatchObject({ provider: 'apple', isBusy: true });
    act(() => t.answer({ authorization: { code: 'apple-code', id_token: 'x.y.z', state: STATE } }));
    await waitFor(() => expect(t.result.current.session.status).toBe('signedIn'));
    expect(t.result.current.social.status).toBe('done');
  });

  it("error: the SDK fails to load → 'Failed to load Apple SDK'", async () => {
    const t = setup(async () => Promise.reject(new LatchkeyError('apple_sdk_load_failed')));
    await start(t);
    await waitFor(() => expect(t.result.current.social.status).toBe('failed'));
    expect(t.result.current.social.error?.message).toBe('Failed to load Apple SDK');
    expect(t.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("error: Apple answers another state → 'Failed to connect apple social account: Invalid random state'", async () => {
    const t = setup();
    await start(t);
    await waitFor(() => expect(t.result.current.social.status).toBe('awaitingAuthorization'));
    act(() => t.answer({ authorization: { code: 'apple-code', state: 'forged-state-forged-state' } }));
    await waitFor(() => expect(t.result.current.social.status).toBe('failed'));
    expect(t.result.current.social.error?.message).toBe('Failed to connect apple social account: Invalid random state');
    expect(t.result.current.session.status).toBe('signedOut');
  });

  it("behavior: the SDK's popup closed → 'User cancelled connection'; cancel() while waiting → idle", async () => {
    const t = setup();
    await start(t);
    await waitFor(() => expect(t.result.current.social.status).toBe('awaitingAuthorization'));
    act(() => t.fail({ error: 'popup_closed_by_user' }));
    await waitFor(() => expect(t.result.current.social.status).toBe('failed'));
    expect(t.result.current.social.error?.message).toBe('User cancelled connection');
    act(() => t.result.current.social.signIn('apple'));
    await waitFor(() => expect(t.result.current.social.status).toBe('awaitingAuthorization'));
    act(() => t.result.current.social.cancel());
    expect(t.result.current.social).toMatchObject({ status: 'idle', error: undefined, isBusy: false });
  });
});
