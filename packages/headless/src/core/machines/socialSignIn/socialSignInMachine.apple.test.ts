import type { ProjectSettings } from '@latchkey/protocol';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, json, routeTable } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { APPLE_SDK_PATH, appleSdkUrlOf, type AppleIdAuth, type AppleIdInitOptions, type AppleIdSignInResponse } from '../../oauth/appleSdk.js';
import { APPLE_SDK_URL } from '../../oauth/loadAppleSdk.js';
import type { SocialBrowser } from '../../oauth/socialBrowser.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { storedRedirectAttempt } from '../../oauth/redirectAttempt.js';
import { REDIRECT_ATTEMPT_KEY, SOCIAL_REDIRECT_MAX_AGE_MS, SOCIAL_SESSION_TIMEOUT_MS, socialSignInMachine, socialSignInStatus } from './socialSignInMachine.js';

const STATE = 'a'.repeat(43);
const REDIRECT_URL = `${API_BASE_URL}/api/v0/sdk/${ENVIRONMENT_ID}/providers/apple/redirect`;
const AUTH_URL = `http://127.0.0.1:14/signin?provider=apple&client_id=latchkey-sandbox-apple&scope=name+email&state=${STATE}&response_mode=web_message`;
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const APP_URL = 'http://localhost:5173/app?tab=2';

/** The page as the kit sees it; Apple's SDK opens its popup or navigates the page itself, never the kit. */
function fakeBrowser(initialUrl = `${APP_URL}#section`) {
  let url = initialUrl;
  const browser = {
    openPopup: vi.fn(() => {
      throw new Error('Apple opens its own popup');
    }),
    onMessage: () => () => undefined,
    currentUrl: () => url,
    redirect: vi.fn(() => {
      throw new Error("Apple's SDK navigates, not the kit");
    }),
    replaceUrl: vi.fn((next: string) => (url = next)),
    prefersRedirect: () => true,
  } satisfies SocialBrowser;
  return browser;
}

/** A fake `AppleID.auth`: `signIn()` settles when the test says so. */
function fakeAppleId() {
  let settle: { resolve(value: AppleIdSignInResponse): void; reject(reason: unknown): void } | undefined;
  const auth = {
    init: vi.fn((_options: AppleIdInitOptions) => undefined),
    signIn: vi.fn(() => new Promise<AppleIdSignInResponse>((resolve, reject) => (settle = { resolve, reject }))),
  } satisfies AppleIdAuth;
  return { auth, answer: (value: AppleIdSignInResponse) => settle!.resolve(value), fail: (reason: unknown) => settle!.reject(reason) };
}

async function setup(options: { loader?: (src: string) => Promise<AppleIdAuth>; now?: () => number } = {}) {
  const apple = fakeAppleId();
  const browser = fakeBrowser();
  const fake = createFakeFetch(
    routeTable({
      'POST /providers/apple/initAuth': (request) =>
        json(200, {
          state: STATE,
          redirectUrl: REDIRECT_URL,
          authorizationUrl: (request.body as { redirectUrl?: string }).redirectUrl ? AUTH_URL.replace('web_message', 'query') : AUTH_URL,
        }),
      'POST /providers/apple/signIn': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const loader = vi.fn(options.loader ?? (async () => apple.auth));
  const clock = new SimulatedClock();
  const actor = createActor(socialSignInMachine, { input: { client, browser, appleSdk: loader, now: options.now }, clock }).start();
  const status = () => socialSignInStatus(actor.getSnapshot());
  const until = (value: string) => waitFor(actor, (snapshot) => socialSignInStatus(snapshot) === value);
  const bodyOf = (path: string) => fake.requests.find((request) => request.url.pathname.endsWith(path))?.body as Record<string, unknown> | undefined;
  /** The page after the round trip: a fresh machine on the same storage, the browser back on `url`. */
  const returnTo = (url: string) => {
    const back = fakeBrowser(url);
    const next = createActor(socialSignInMachine, { input: { client, browser: back, appleSdk: loader, now: options.now } }).start();
    next.send({ type: 'user.completeRedirect' });
    return { actor: next, browser: back, until: (value: string) => waitFor(next, (snapshot) => socialSignInStatus(snapshot) === value) };
  };
  return { client, actor, clock, status, until, loader, bodyOf, browser, returnTo, requests: fake.requests, ...apple };
}

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('socialSignInMachine: Apple by its JS SDK, full-page redirect (default)', () => {
  it("default: loads the SDK, stores state + raw nonce, inits with usePopup false and the app's return URL, then signIn() takes the page", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    expect(t.status()).toBe('redirecting');
    await vi.waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    expect(t.loader).toHaveBeenCalledWith(APPLE_SDK_URL);
    const body = t.bodyOf('/initAuth')!;
    // No PKCE; the hashed nonce, and where the provider's return lands (the page without its fragment).
    expect(body).toMatchObject({ nonce: expect.stringMatching(/^[0-9a-f]{64}$/), redirectUrl: APP_URL });
    expect(body).not.toHaveProperty('codeChallenge');
    expect(t.auth.init).toHaveBeenCalledWith({ clientId: 'latchkey-sandbox-apple', scope: 'name email', redirectURI: REDIRECT_URL, state: STATE, nonce: body['nonce'], usePopup: false });
    // The attempt survives the page: the state and the raw nonce (the preimage of what Apple got), no verifier.
    const stored = t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)!;
    expect(stored).toMatchObject({ provider: 'apple', purpose: 'signIn', state: STATE, verifier: '' });
    expect(await sha256Hex(stored.nonce!)).toBe(body['nonce']);
    // The kit neither opens a popup nor navigates: the SDK does; the machine stays while the page leaves.
    expect(t.browser.redirect).not.toHaveBeenCalled();
    expect(t.browser.openPopup).not.toHaveBeenCalled();
    expect(t.status()).toBe('redirecting');
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);

    // Back on the app with Apple's code: completed with the raw nonce, not a code verifier.
    const back = t.returnTo(`${APP_URL}&provider=apple&state=${STATE}&code=apple-code`);
    await back.until('done');
    const exchange = t.bodyOf('/providers/apple/signIn')!;
    expect(exchange).toEqual({ code: 'apple-code', state: STATE, nonce: stored.nonce });
    expect(back.browser.replaceUrl).toHaveBeenCalledWith(APP_URL);
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  });

  it("error: the SDK does not load → 'Failed to load Apple SDK' before the page leaves: nothing sent or stored", async () => {
    const t = await setup({ loader: async () => Promise.reject(new LatchkeyError('apple_sdk_load_failed')) });
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to load Apple SDK');
    expect(t.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
  });

  it("error: signIn() refuses (e.g. 'invalid_request') → '…: invalid_request', the stored attempt is dropped", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await vi.waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    t.fail({ error: 'invalid_request' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: invalid_request');
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
  });

  it("error: a foreign return (another state) → 'Invalid random state'; a stale one → session timeout; no exchange", async () => {
    let now = Date.now();
    const t = await setup({ now: () => now });
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await vi.waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    const foreign = t.returnTo(`${APP_URL}&provider=apple&state=${'f'.repeat(43)}&code=stolen`);
    await foreign.until('failed');
    expect(foreign.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: Invalid random state');
    // Single use: the real return after a foreign one finds nothing.
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();

    const again = await setup({ now: () => now });
    again.actor.send({ type: 'user.start', provider: 'apple' });
    await vi.waitFor(() => expect(again.auth.signIn).toHaveBeenCalledTimes(1));
    now += SOCIAL_REDIRECT_MAX_AGE_MS + 1;
    const stale = again.returnTo(`${APP_URL}&provider=apple&state=${STATE}&code=apple-code`);
    await stale.until('failed');
    expect(stale.actor.getSnapshot().context.error?.message).toBe('Connecting apple account session timeout.');
    expect(t.bodyOf('/providers/apple/signIn')).toBeUndefined();
    expect(again.bodyOf('/providers/apple/signIn')).toBeUndefined();
    await waitFor(again.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  });

  it("behavior: strategy 'redirect' is the same SDK redirect; a link attempt comes back as a link", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'redirect', purpose: 'link' });
    await vi.waitFor(() => expect(t.auth.signIn).toHaveBeenCalledTimes(1));
    expect(t.auth.init).toHaveBeenCalledWith(expect.objectContaining({ usePopup: false }));
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toMatchObject({ provider: 'apple', purpose: 'link' });
    expect(t.bodyOf('/initAuth')).not.toHaveProperty('codeChallenge');
  });
});

describe("socialSignInMachine: Apple by its JS SDK, popup (strategy 'popup')", () => {
  it('default: loads the SDK, inits it with the server state and the hashed nonce, signs in with the raw nonce', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    expect(t.status()).toBe('opening');
    await t.until('awaitingAuthorization');
    expect(t.loader).toHaveBeenCalledWith(APPLE_SDK_URL);
    const hashed = t.bodyOf('/initAuth')?.['nonce'] as string;
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(t.bodyOf('/initAuth')).not.toHaveProperty('codeChallenge');
    expect(t.auth.init).toHaveBeenCalledWith({ clientId: 'latchkey-sandbox-apple', scope: 'name email', redirectURI: REDIRECT_URL, state: STATE, nonce: hashed, usePopup: true });
    expect(t.auth.signIn).toHaveBeenCalledTimes(1);

    t.answer({ authorization: { code: 'apple-code', id_token: 'x.y.z', state: STATE } });
    await t.until('done');
    const exchange = t.bodyOf('/providers/apple/signIn')!;
    expect(exchange).toMatchObject({ code: 'apple-code', state: STATE });
    expect(exchange).not.toHaveProperty('codeVerifier');
    // The raw nonce goes to the server, which hashes it: it is the preimage of what Apple got.
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(exchange['nonce'] as string)));
    expect(Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')).toBe(hashed);
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    expect(t.actor.getSnapshot().context.attempt).toBeUndefined();
  });

  it("error: the SDK does not load → 'Failed to load Apple SDK', nothing sent", async () => {
    const t = await setup({ loader: async () => Promise.reject(new LatchkeyError('apple_sdk_load_failed')) });
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.code).toBe('apple_sdk_load_failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to load Apple SDK');
    expect(t.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("error: another state in Apple's answer → 'Invalid random state', no exchange", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.answer({ authorization: { code: 'apple-code', state: 'b'.repeat(43) } });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: Invalid random state');
    expect(t.bodyOf('/providers/apple/signIn')).toBeUndefined();
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  });

  it("error: no code → '…: no authorization code'; Apple's other errors → '…: {error}'", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.answer({ authorization: { state: STATE } });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: no authorization code');
    // A new attempt straight from failed.
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.fail({ error: 'popup_blocked_by_browser' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: popup_blocked_by_browser');
  });

  it("behavior: the SDK's popup closed → 'User cancelled connection'", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.fail({ error: 'popup_closed_by_user' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.code).toBe('user_cancelled_connection');
    expect(t.actor.getSnapshot().context.error?.message).toBe('User cancelled connection');
    expect(t.bodyOf('/providers/apple/signIn')).toBeUndefined();
  });

  it('behavior: cancel, and the session timeout while Apple waits', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.actor.send({ type: 'user.cancel' });
    expect(t.status()).toBe('idle');
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    await t.until('awaitingAuthorization');
    t.clock.increment(SOCIAL_SESSION_TIMEOUT_MS);
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Connecting apple account session timeout.');
  });

  it("behavior: the SDK URL comes from Apple's baseAuthUrl, else Apple's CDN", async () => {
    const settings = (providers: unknown[]) => ({ providers }) as unknown as ProjectSettings;
    expect(appleSdkUrlOf(settings([{ id: '1', provider: 'apple', baseAuthUrl: 'http://127.0.0.1:4014/' }]))).toBe(`http://127.0.0.1:4014${APPLE_SDK_PATH}`);
    expect(appleSdkUrlOf(settings([{ id: '1', provider: 'apple' }]))).toBeUndefined();
    expect(APPLE_SDK_URL).toBe(`https://appleid.cdn-apple.com${APPLE_SDK_PATH}`);
  });
});
