import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { APPLE_SDK_PATH, type AppleIdAuth, type AppleIdSignInResponse } from '../core/oauth/appleSdk.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import type { StorageAdapter } from '../core/storage/StorageAdapter.js';
import { REDIRECT_ATTEMPT_KEY, type SocialStrategy } from '../core/machines/socialSignIn/socialSignInMachine.js';
import { storedRedirectAttempt } from '../core/oauth/redirectAttempt.js';
import type { SocialBrowser } from '../core/oauth/socialBrowser.js';
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

const APP_URL = 'http://localhost:5173/app';

/** The page: its URL (the return lands here); Apple's SDK, not the kit, opens popups and navigates. */
function fakeBrowser(initialUrl: string) {
  let url = initialUrl;
  return {
    openPopup: vi.fn(() => null),
    onMessage: () => () => undefined,
    currentUrl: () => url,
    redirect: vi.fn(),
    replaceUrl: vi.fn((next: string) => (url = next)),
    prefersRedirect: () => false,
  } satisfies SocialBrowser;
}

function setup(loaderImpl?: (src: string) => Promise<AppleIdAuth>, options: { storage?: StorageAdapter; url?: string } = {}) {
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
  const storage = options.storage ?? createMemoryStorage();
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage, console: false, sendLogs: false });
  clients.push(client);
  const loader = vi.fn(loaderImpl ?? (async () => auth));
  const browser = fakeBrowser(options.url ?? APP_URL);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ social: useSocialSignIn({ appleSdk: loader, browser }), session: useSession() }), { wrapper });
  return { result, loader, auth, client, storage, browser, requests: fake.requests, answer: (value: AppleIdSignInResponse) => settle!.resolve(value), fail: (reason: unknown) => settle!.reject(reason) };
}

async function start(t: ReturnType<typeof setup>, options: { strategy?: SocialStrategy } = { strategy: 'popup' }) {
  await waitFor(() => expect(t.result.current.session.status).toBe('signedOut'));
  await waitFor(() => expect(t.client.settings.get().status).toBe('ready'));
  act(() => t.result.current.social.signIn('apple', options));
}

const bodyOf = (t: ReturnType<typeof setup>, path: string) => t.requests.find((request) => request.url.pathname.endsWith(path))?.body as Record<string, unknown> | undefined;

describe("useSocialSignIn('apple'): full-page redirect through Sign in with Apple JS (default)", () => {
  it('default: init with usePopup false, state + nonce stored; back on the app the return completes with the nonce and signs in', async () => {
    const storage = createMemoryStorage();
    const t = setup(undefined, { storage });
    await start(t, {});
    await waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    expect(t.result.current.social).toMatchObject({ status: 'redirecting', provider: 'apple', isBusy: true });
    expect(t.loader).toHaveBeenCalledWith(`${SDK_ORIGIN}${APPLE_SDK_PATH}`);
    const hashed = bodyOf(t, '/initAuth')?.['nonce'];
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(bodyOf(t, '/initAuth')).toMatchObject({ nonce: hashed, redirectUrl: APP_URL });
    expect(bodyOf(t, '/initAuth')).not.toHaveProperty('codeChallenge');
    expect(t.auth.init).toHaveBeenCalledWith({ clientId: 'latchkey-sandbox-apple', scope: 'name email', redirectURI: `${API_BASE_URL}/r`, state: STATE, nonce: hashed, usePopup: false });
    expect(t.browser.redirect).not.toHaveBeenCalled();
    const stored = t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)!;
    expect(stored).toMatchObject({ provider: 'apple', state: STATE, verifier: '', nonce: expect.any(String) });

    // The app loads again on the return URL (same storage): the hook completes it on mount.
    const back = setup(undefined, { storage, url: `${APP_URL}?provider=apple&state=${STATE}&code=apple-code` });
    await waitFor(() => expect(back.result.current.session.status).toBe('signedIn'));
    expect(back.result.current.social).toMatchObject({ status: 'done', provider: 'apple' });
    expect(bodyOf(back, '/providers/apple/signIn')).toEqual({ code: 'apple-code', state: STATE, nonce: stored.nonce });
    expect(back.browser.replaceUrl).toHaveBeenCalledWith(APP_URL);
    expect(back.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
  });

  it("error: a return with a state this browser never stored → 'Invalid random state', nobody signed in", async () => {
    const storage = createMemoryStorage();
    const t = setup(undefined, { storage });
    await start(t, {});
    await waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    const back = setup(undefined, { storage, url: `${APP_URL}?provider=apple&state=${'f'.repeat(43)}&code=stolen` });
    await waitFor(() => expect(back.result.current.social.status).toBe('failed'));
    expect(back.result.current.social.error?.message).toBe('Failed to connect apple social account: Invalid random state');
    expect(bodyOf(back, '/providers/apple/signIn')).toBeUndefined();
    expect(back.result.current.session.status).toBe('signedOut');
  });

  it("error: the SDK fails to load → 'Failed to load Apple SDK', nothing stored", async () => {
    const t = setup(async () => Promise.reject(new LatchkeyError('apple_sdk_load_failed')));
    await start(t, {});
    await waitFor(() => expect(t.result.current.social.status).toBe('failed'));
    expect(t.result.current.social.error?.message).toBe('Failed to load Apple SDK');
    expect(t.requests.some((request) => request.method === 'POST')).toBe(false);
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
  });
});

describe("useSocialSignIn('apple', { strategy: 'popup' }) by Sign in with Apple JS", () => {
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
    act(() => t.result.current.social.signIn('apple', { strategy: 'popup' }));
    await waitFor(() => expect(t.result.current.social.status).toBe('awaitingAuthorization'));
    act(() => t.result.current.social.cancel());
    expect(t.result.current.social).toMatchObject({ status: 'idle', error: undefined, isBusy: false });
  });
});
