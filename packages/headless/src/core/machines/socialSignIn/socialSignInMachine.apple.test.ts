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
import { SOCIAL_SESSION_TIMEOUT_MS, socialSignInMachine, socialSignInStatus } from './socialSignInMachine.js';

const STATE = 'a'.repeat(43);
const REDIRECT_URL = `${API_BASE_URL}/api/v0/sdk/${ENVIRONMENT_ID}/providers/apple/redirect`;
const AUTH_URL = `http://127.0.0.1:14/signin?provider=apple&client_id=latchkey-sandbox-apple&scope=name+email&state=${STATE}&response_mode=web_message`;
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const browser: SocialBrowser = {
  openPopup: () => {
    throw new Error('Apple opens its own popup');
  },
  onMessage: () => () => undefined,
  currentUrl: () => 'http://localhost:5173/app',
  redirect: () => {
    throw new Error('no redirect for Apple by SDK');
  },
  replaceUrl: () => undefined,
  prefersRedirect: () => true,
};

/** A fake `AppleID.auth`: `signIn()` settles when the test says so. */
function fakeAppleId() {
  let settle: { resolve(value: AppleIdSignInResponse): void; reject(reason: unknown): void } | undefined;
  const auth = {
    init: vi.fn((_options: AppleIdInitOptions) => undefined),
    signIn: vi.fn(() => new Promise<AppleIdSignInResponse>((resolve, reject) => (settle = { resolve, reject }))),
  } satisfies AppleIdAuth;
  return { auth, answer: (value: AppleIdSignInResponse) => settle!.resolve(value), fail: (reason: unknown) => settle!.reject(reason) };
}

async function setup(options: { loader?: (src: string) => Promise<AppleIdAuth> } = {}) {
  const apple = fakeAppleId();
  const fake = createFakeFetch(
    routeTable({
      'POST /providers/apple/initAuth': () => json(200, { state: STATE, redirectUrl: REDIRECT_URL, authorizationUrl: AUTH_URL }),
      'POST /providers/apple/signIn': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const loader = vi.fn(options.loader ?? (async () => apple.auth));
  const clock = new SimulatedClock();
  const actor = createActor(socialSignInMachine, { input: { client, browser, appleSdk: loader }, clock }).start();
  const status = () => socialSignInStatus(actor.getSnapshot());
  const until = (value: string) => waitFor(actor, (snapshot) => socialSignInStatus(snapshot) === value);
  const bodyOf = (path: string) => fake.requests.find((request) => request.url.pathname.endsWith(path))?.body as Record<string, unknown> | undefined;
  return { client, actor, clock, status, until, loader, bodyOf, requests: fake.requests, ...apple };
}

describe('socialSignInMachine: Apple by its JS SDK', () => {
  it('default: loads the SDK, inits it with the server state and the hashed nonce, signs in with the raw nonce', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
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
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.code).toBe('apple_sdk_load_failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to load Apple SDK');
    expect(t.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("error: another state in Apple's answer → 'Invalid random state', no exchange", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.answer({ authorization: { code: 'apple-code', state: 'b'.repeat(43) } });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: Invalid random state');
    expect(t.bodyOf('/providers/apple/signIn')).toBeUndefined();
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  });

  it("error: no code → '…: no authorization code'; Apple's other errors → '…: {error}'", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.answer({ authorization: { state: STATE } });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: no authorization code');
    // A new attempt straight from failed.
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.fail({ error: 'popup_blocked_by_browser' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Failed to connect apple social account: popup_blocked_by_browser');
  });

  it("behavior: the SDK's popup closed → 'User cancelled connection'", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.fail({ error: 'popup_closed_by_user' });
    await t.until('failed');
    expect(t.actor.getSnapshot().context.error?.code).toBe('user_cancelled_connection');
    expect(t.actor.getSnapshot().context.error?.message).toBe('User cancelled connection');
    expect(t.bodyOf('/providers/apple/signIn')).toBeUndefined();
  });

  it('behavior: cancel, and the session timeout while Apple waits', async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.actor.send({ type: 'user.cancel' });
    expect(t.status()).toBe('idle');
    t.actor.send({ type: 'user.start', provider: 'apple' });
    await t.until('awaitingAuthorization');
    t.clock.increment(SOCIAL_SESSION_TIMEOUT_MS);
    expect(t.status()).toBe('failed');
    expect(t.actor.getSnapshot().context.error?.message).toBe('Connecting apple account session timeout.');
  });

  it("behavior: Apple with strategy 'redirect' keeps the PKCE redirect; the SDK URL comes from Apple's baseAuthUrl", async () => {
    const t = await setup();
    t.actor.send({ type: 'user.start', provider: 'apple', strategy: 'redirect' });
    expect(t.status()).toBe('redirecting');
    expect(t.loader).not.toHaveBeenCalled();
    const settings = (providers: unknown[]) => ({ providers }) as unknown as ProjectSettings;
    expect(appleSdkUrlOf(settings([{ id: '1', provider: 'apple', baseAuthUrl: 'http://127.0.0.1:4014/' }]))).toBe(`http://127.0.0.1:4014${APPLE_SDK_PATH}`);
    expect(appleSdkUrlOf(settings([{ id: '1', provider: 'apple' }]))).toBeUndefined();
    expect(APPLE_SDK_URL).toBe(`https://appleid.cdn-apple.com${APPLE_SDK_PATH}`);
  });
});
