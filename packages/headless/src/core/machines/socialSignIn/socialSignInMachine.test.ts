import type { ProjectSettings, SignInResponse } from '@latchkey/protocol';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, json, routeTable } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import type { ReceivedMessage, SocialBrowser } from '../../oauth/socialBrowser.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { REDIRECT_ATTEMPT_KEY, SOCIAL_POPUP_CLOSE_GRACE_MS, SOCIAL_REDIRECT_MAX_AGE_MS, SOCIAL_SESSION_TIMEOUT_MS, socialSignInMachine, socialSignInStatus } from './socialSignInMachine.js';
import { storedRedirectAttempt } from '../../oauth/redirectAttempt.js';

const REDIRECT_ORIGIN = new URL(API_BASE_URL).origin;
const STATE = 's'.repeat(43);
const AUTH_URL = 'http://127.0.0.1:14/signin?state=' + STATE;
const clients: LatchkeyClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function fakeBrowser(options: { blocked?: boolean; prefersRedirect?: boolean; url?: string } = {}) {
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const popup = {
    closed: false,
    navigatedTo: [] as string[],
    navigate: vi.fn((url: string) => popup.navigatedTo.push(url)),
    close: vi.fn(() => (popup.closed = true)),
    isSource: (source: unknown) => source === popup,
  };
  let url = options.url ?? 'http://localhost:5173/app';
  const browser: SocialBrowser = {
    openPopup: vi.fn(() => (options.blocked ? null : popup)),
    onMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentUrl: () => url,
    redirect: vi.fn(),
    replaceUrl: vi.fn((next: string) => (url = next)),
    prefersRedirect: () => options.prefersRedirect ?? false,
  };
  /** A message as the popup's page posts it (its window the source), or another window when `source` says so. */
  const post = (origin: string, data: unknown, source: unknown = popup) => listeners.forEach((listener) => listener({ origin, data, source }));
  return { browser, popup, post, listenerCount: () => listeners.size, setUrl: (next: string) => (url = next) };
}

async function setup(options: { blocked?: boolean; prefersRedirect?: boolean; url?: string; exchange?: () => Promise<SignInResponse>; now?: () => number } = {}) {
  const fake = createFakeFetch(routeTable({}));
  const storage = createMemoryStorage();
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage, console: false, sendLogs: false });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const b = fakeBrowser(options);
  const exchangeSpy = vi.fn(options.exchange ?? (async () => fakeSignIn(Date.now() + 3_600_000)));
  const prepareSpy = vi.fn(async () => ({ state: STATE, redirectUrl: `${API_BASE_URL}/api/v0/sdk/${ENVIRONMENT_ID}/providers/google/redirect`, authorizationUrl: AUTH_URL, verifier: 'v'.repeat(43) }));
  const machine = socialSignInMachine.provide({
    actors: {
      prepareAttempt: fromPromise(() => prepareSpy()),
      exchangeCode: fromPromise(({ input }) => (exchangeSpy as (value: unknown) => Promise<SignInResponse>)(input)),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { client, browser: b.browser, now: options.now }, clock }).start();
  const status = () => socialSignInStatus(actor.getSnapshot());
  const until = (value: string) => waitFor(actor, (snapshot) => socialSignInStatus(snapshot) === value);
  return { client, actor, clock, status, until, exchangeSpy, prepareSpy, storage, ...b };
}

describe('socialSignInMachine: popup', () => {
  it("behavior: the popup is titled with branding's popupPageTitle while the sign-in starts", async () => {
    const t = await setup();
    const settings = { design: { branding: { popupPageTitle: 'Acme · Sign in' } } } as unknown as ProjectSettings;
    const branded = createActor(socialSignInMachine.provide({ actors: { prepareAttempt: fromPromise(() => t.prepareSpy()) } }), {
      input: { client: { ...t.client, settings: { get: () => ({ settings }) } }, browser: t.browser },
    }).start();
    branded.send({ type: 'user.start', provider: 'google' });
    expect(t.browser.openPopup).toHaveBeenCalledWith({ title: 'Acme · Sign in' });
    branded.stop();
  });

  it('default: opens about:blank synchronously, navigates it, accepts the right message, exchanges, signs in', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    // Synchronously, before any await: the popup is open.
    expect(t.browser.openPopup).toHaveBeenCalledTimes(1);
    expect(t.status()).toBe('opening');
    await t.until('awaitingAuthorization');
    expect(t.popup.navigatedTo).toEqual([AUTH_URL]);
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', code: 'the-code', state: STATE });
    await t.until('done');
    expect(t.exchangeSpy).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'signIn', provider: 'google', code: 'the-code', state: STATE, verifier: 'v'.repeat(43) }));
    expect(t.popup.close).toHaveBeenCalled();
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    expect(t.listenerCount()).toBe(0);
    expect(t.actor.getSnapshot().context.attempt).toBeUndefined();
  });

  it('behavior: a message from another origin, another provider or of another type is ignored', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post('http://evil.localhost:6666', { type: 'authorization_response', provider: 'google', code: 'forged', state: STATE });
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'github', code: 'x', state: STATE });
    t.post(REDIRECT_ORIGIN, { type: 'something_else', provider: 'google', code: 'x', state: STATE });
    t.post(REDIRECT_ORIGIN, 'not an object');
    expect(t.status()).toBe('awaitingAuthorization');
    expect(t.exchangeSpy).not.toHaveBeenCalled();
  });

  it("behavior: the right message from the API origin but another window (a frame, a tab) is ignored; the popup's own is taken", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    const message = { type: 'authorization_response', provider: 'google', code: 'the-code', state: STATE };
    t.post(REDIRECT_ORIGIN, message, { another: 'window' });
    t.post(REDIRECT_ORIGIN, message, null);
    expect(t.status()).toBe('awaitingAuthorization');
    expect(t.exchangeSpy).not.toHaveBeenCalled();
    t.post(REDIRECT_ORIGIN, message);
    await t.until('done');
    expect(t.exchangeSpy).toHaveBeenCalledTimes(1);
  });

  it('error: popup blocked → "Please allow popups and try again."', async () => {
    const t = await setup({ blocked: true });
    t.actor.send({ type: 'user.start', provider: 'google' });
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'popup_blocked', message: 'Please allow popups and try again.' });
    expect(t.prepareSpy).not.toHaveBeenCalled();
  });

  it('error: the popup is polled every 2000 ms; closed (and no message within the grace) → "User cancelled connection", nothing exchanged', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.clock.increment(2000);
    expect(t.status()).toBe('awaitingAuthorization');
    t.popup.closed = true;
    t.clock.increment(1999);
    expect(t.status()).toBe('awaitingAuthorization');
    t.clock.increment(1);
    expect(t.status()).toBe('awaitingAuthorization');
    t.clock.increment(SOCIAL_POPUP_CLOSE_GRACE_MS);
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'user_cancelled_connection', message: 'User cancelled connection' });
    expect(t.exchangeSpy).not.toHaveBeenCalled();
    expect(getSessionStatus(t.client.session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: the code posted by a popup that closed itself is taken, though the close was seen first', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.popup.closed = true;
    t.clock.increment(2000);
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', code: 'the-code', state: STATE });
    await t.until('done');
    expect(t.exchangeSpy).toHaveBeenCalledTimes(1);
  });

  it('behavior: a message while the popup is still opening (no attempt yet) is ignored', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    expect(t.status()).toBe('opening');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', code: 'stale', state: 'stale' });
    expect(t.status()).toBe('opening');
    await t.until('awaitingAuthorization');
  });

  it('error: an error message without the attempt\'s state fails as an invalid state; its text is not shown', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', error: 'Your account is locked: call +1 555 0100' });
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect google social account: Invalid random state');
  });

  it('error: wrong state → "Failed to connect google social account: Invalid random state"', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', code: 'c', state: 'x'.repeat(43) });
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect google social account: Invalid random state');
    expect(t.popup.close).toHaveBeenCalled();
  });

  it('error: no code → "…: no authorization code"; provider error → "…: {error}"', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', state: STATE });
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect google social account: no authorization code');

    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', state: STATE, error: 'access_denied' });
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect google social account: access_denied');
  });

  it('error: session timeout → "Connecting google account session timeout."', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    for (let elapsed = 0; elapsed < SOCIAL_SESSION_TIMEOUT_MS; elapsed += 2000) t.clock.increment(2000);
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Connecting google account session timeout.');
    expect(t.popup.close).toHaveBeenCalled();
  });

  it('error: the server refuses the code → failed with its error; user.cancel closes the popup', async () => {
    const { LatchkeyError } = await import('../../errors/LatchkeyError.js');
    const t = await setup({ exchange: async () => Promise.reject(new LatchkeyError('invalid_verification', { message: 'Invalid random state' })) });
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', code: 'c', state: STATE });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.code).toBe('invalid_verification');
    expect(getSessionStatus(t.client.session.getSnapshot())).toBe('signedOut');

    t.popup.close.mockClear();
    t.popup.closed = false;
    t.actor.send({ type: 'user.start', provider: 'google' });
    await t.until('awaitingAuthorization');
    t.actor.send({ type: 'user.cancel' });
    expect(t.status()).toBe('idle');
    expect(t.popup.close).toHaveBeenCalled();
  });
});

describe('socialSignInMachine: redirect', () => {
  it("behavior: Apple, Safari/iOS use the redirect strategy; others the popup unless asked; Apple's SDK popup only when asked", async () => {
    const apple = await setup();
    apple.actor.send({ type: 'user.start', provider: 'apple' });
    expect(apple.status()).toBe('redirecting');
    expect(apple.browser.openPopup).not.toHaveBeenCalled();
    const applePopup = await setup();
    applePopup.actor.send({ type: 'user.start', provider: 'apple', strategy: 'popup' });
    expect(applePopup.status()).toBe('opening');
    expect(applePopup.actor.getSnapshot().matches({ apple: 'opening' })).toBe(true);
    expect(applePopup.browser.openPopup).not.toHaveBeenCalled();
    const appleRedirect = await setup();
    appleRedirect.actor.send({ type: 'user.start', provider: 'apple', strategy: 'redirect' });
    expect(appleRedirect.status()).toBe('redirecting');
    const safariPopup = await setup({ prefersRedirect: true });
    safariPopup.actor.send({ type: 'user.start', provider: 'google', strategy: 'popup' });
    expect(safariPopup.status()).toBe('opening');
    const safari = await setup({ prefersRedirect: true });
    safari.actor.send({ type: 'user.start', provider: 'google' });
    expect(safari.status()).toBe('redirecting');
    const asked = await setup();
    asked.actor.send({ type: 'user.start', provider: 'github', strategy: 'redirect' });
    expect(asked.status()).toBe('redirecting');
  });

  function storeAttempt(t: Awaited<ReturnType<typeof setup>>, overrides: Record<string, unknown> = {}) {
    t.client.storage.set(REDIRECT_ATTEMPT_KEY, { provider: 'github', purpose: 'signIn', state: STATE, verifier: 'v'.repeat(43), createdAt: Date.now(), ...overrides });
  }

  it('default: the return with the stored state signs in; storage and the address bar are cleaned', async () => {
    const t = await setup({ url: `http://localhost:5173/app?tab=1&provider=github&state=${STATE}&code=abc` });
    storeAttempt(t);
    t.actor.send({ type: 'user.completeRedirect' });
    await t.until('done');
    expect(t.exchangeSpy).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'signIn', provider: 'github', code: 'abc', state: STATE, verifier: 'v'.repeat(43) }));
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    expect(t.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
    expect(t.browser.replaceUrl).toHaveBeenCalledWith('http://localhost:5173/app?tab=1');
  });

  it('error: a foreign return (no stored attempt, or another state) is rejected as an invalid state', async () => {
    const none = await setup({ url: `http://localhost:5173/app?provider=github&state=${STATE}&code=abc` });
    none.actor.send({ type: 'user.completeRedirect' });
    await none.until('failed');
    expect(none.actor.getSnapshot().context.error?.message).toBe('Failed to connect github social account: Invalid random state');

    const other = await setup({ url: `http://localhost:5173/app?provider=github&state=${'o'.repeat(43)}&code=abc` });
    storeAttempt(other);
    other.actor.send({ type: 'user.completeRedirect' });
    await other.until('failed');
    expect(other.actor.getSnapshot().context.error?.code).toBe('social_invalid_state');
    expect(other.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)).toBeUndefined();
  });

  it('error: a stale return times out; a provider error and a missing code keep their messages', async () => {
    const stale = await setup({ url: `http://localhost:5173/app?provider=github&state=${STATE}&code=abc` });
    storeAttempt(stale, { createdAt: Date.now() - SOCIAL_REDIRECT_MAX_AGE_MS - 1 });
    stale.actor.send({ type: 'user.completeRedirect' });
    await stale.until('failed');
    expect(stale.actor.getSnapshot().context.error?.message).toBe('Connecting github account session timeout.');

    const denied = await setup({ url: `http://localhost:5173/app?provider=github&state=${STATE}&error=access_denied` });
    storeAttempt(denied);
    denied.actor.send({ type: 'user.completeRedirect' });
    await denied.until('failed');
    expect(denied.actor.getSnapshot().context.error?.message).toBe('Failed to connect github social account: access_denied');

    const noCode = await setup({ url: `http://localhost:5173/app?provider=github&state=${STATE}` });
    storeAttempt(noCode);
    noCode.actor.send({ type: 'user.completeRedirect' });
    await noCode.until('failed');
    expect(noCode.actor.getSnapshot().context.error?.message).toBe('Failed to connect github social account: no authorization code');
  });
});

describe('socialSignInMachine: telegram', () => {
  const TELEGRAM_STATE = 'T'.repeat(32);
  const TELEGRAM_URL = `${API_BASE_URL}/api/v0/sdk/${ENVIRONMENT_ID}/telegram/auth`;
  async function telegramSetup() {
    // The server makes the state (bound to the page's Origin) and names the page to open.
    const fake = createFakeFetch(
      routeTable({ 'POST /telegram/initAuth': () => json(200, { state: TELEGRAM_STATE, redirectUrl: TELEGRAM_URL, authorizationUrl: `${TELEGRAM_URL}?state=${TELEGRAM_STATE}` }) }),
    );
    const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
    clients.push(client);
    await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    const b = fakeBrowser();
    const exchangeSpy = vi.fn(async (_input: unknown) => fakeSignIn(Date.now() + 3_600_000));
    const machine = socialSignInMachine.provide({ actors: { exchangeCode: fromPromise(({ input }) => exchangeSpy(input)) } });
    const actor = createActor(machine, { input: { client, browser: b.browser }, clock: new SimulatedClock() }).start();
    return { actor, exchangeSpy, requests: fake.requests, ...b };
  }
  const telegramAuth = { id: 42, firstName: 'Ada', authDate: 1_800_000_000, hash: 'a'.repeat(64) };

  it('default: the popup opens on /telegram/auth with the state initAuth registered; the matching message signs in', async () => {
    const t = await telegramSetup();
    t.actor.send({ type: 'user.start', provider: 'telegram', strategy: 'redirect' });
    expect(t.browser.openPopup).toHaveBeenCalledTimes(1); // Telegram never leaves the page
    await waitFor(t.actor, (snapshot) => socialSignInStatus(snapshot) === 'awaitingAuthorization');
    const url = new URL(t.popup.navigatedTo[0]!);
    expect(url.pathname).toBe(`/api/v0/sdk/${ENVIRONMENT_ID}/telegram/auth`);
    const state = url.searchParams.get('state')!;
    expect(state).toBe(TELEGRAM_STATE);
    expect(t.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toContain(`POST /api/v0/sdk/${ENVIRONMENT_ID}/telegram/initAuth`);
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'telegram', code: 'x', state });
    expect(socialSignInStatus(t.actor.getSnapshot())).toBe('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'telegram_auth_response', state, telegramAuth });
    await waitFor(t.actor, (snapshot) => socialSignInStatus(snapshot) === 'done');
    expect(t.exchangeSpy).toHaveBeenCalledWith(expect.objectContaining({ provider: 'telegram', state, telegramAuth }));
  });

  it('error: another state → "Failed to connect telegram account: Invalid random state"', async () => {
    const t = await telegramSetup();
    t.actor.send({ type: 'user.start', provider: 'telegram' });
    await waitFor(t.actor, (snapshot) => socialSignInStatus(snapshot) === 'awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'telegram_auth_response', state: 'o'.repeat(43), telegramAuth });
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect telegram account: Invalid random state');
    expect(t.exchangeSpy).not.toHaveBeenCalled();
  });
});

describe('socialSignInMachine: linking (SPEC §8 social-linking codes)', () => {
  it('error: a link whose popup is blocked, closed, times out or is refused at the provider → oauth_window_blocked, oauth_window_closed, session_timeout, user_cancelled, with the sign-in wording', async () => {
    const blocked = await setup({ blocked: true });
    blocked.actor.send({ type: 'user.start', provider: 'google', purpose: 'link' });
    expect(blocked.actor.getSnapshot().context.error).toMatchObject({ code: 'oauth_window_blocked', message: 'Please allow popups and try again.' });

    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google', purpose: 'link' });
    await t.until('awaitingAuthorization');
    t.popup.closed = true;
    t.clock.increment(2000);
    t.clock.increment(SOCIAL_POPUP_CLOSE_GRACE_MS);
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'oauth_window_closed', message: 'User cancelled connection' });

    t.popup.closed = false;
    t.actor.send({ type: 'user.start', provider: 'google', purpose: 'link' });
    await t.until('awaitingAuthorization');
    for (let elapsed = 0; elapsed < SOCIAL_SESSION_TIMEOUT_MS; elapsed += 2000) t.clock.increment(2000);
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'session_timeout', message: 'Connecting google account session timeout.' });

    t.popup.closed = false;
    t.actor.send({ type: 'user.start', provider: 'google', purpose: 'link' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', state: STATE, error: 'access_denied' });
    expect(t.actor.getSnapshot().context.error).toMatchObject({ code: 'user_cancelled', message: 'Failed to connect google social account: access_denied' });
    expect((t.actor.getSnapshot().context.error?.cause as { code?: string } | undefined)?.code).toBe('social_oauth_error');
  });

  it('behavior: a sign-in keeps the sign-in codes (popup_blocked), and a link keeps other provider errors as they are', async () => {
    const blocked = await setup({ blocked: true });
    blocked.actor.send({ type: 'user.start', provider: 'google' });
    expect(blocked.actor.getSnapshot().context.error?.code).toBe('popup_blocked');
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'google', purpose: 'link' });
    await t.until('awaitingAuthorization');
    t.post(REDIRECT_ORIGIN, { type: 'authorization_response', provider: 'google', state: STATE, error: 'server_error' });
    expect(t.actor.getSnapshot().context.error?.code).toBe('social_oauth_error');
  });
});
