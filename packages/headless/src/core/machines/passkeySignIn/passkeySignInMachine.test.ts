import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable, type FakeHandler } from '../../../test/fakeFetch.js';
import { createFakeWebAuthn, deferred, fakeAuthenticationCredential, fakeAuthenticationOptions, webAuthnError, type FakeWebAuthn } from '../../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { passkeySignInMachine, passkeySignInStatus } from './passkeySignInMachine.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

async function setup(webauthn: FakeWebAuthn = createFakeWebAuthn(), routes: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/passkeys/signin': () => json(200, fakeAuthenticationOptions()),
      'POST /users/passkeys/signin': () => json(200, fakeSignIn(Date.now() + 3_600_000)),
      ...routes,
    }),
  );
  const warn = vi.fn();
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: { debug: () => undefined, info: () => undefined, warn, error: () => undefined },
    logLevel: 'WARN',
    sendLogs: false,
    webauthn: async () => webauthn,
  });
  clients.push(client);
  // Sign-in needs no session: the user is signed out.
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const actor = createActor(passkeySignInMachine, { input: { client } }).start();
  const until = (state: string) => waitFor(actor, (snapshot) => passkeySignInStatus(snapshot) === state);
  const idleAfter = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  const paths = () => fake.requests.map((request) => `${request.method} ${request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '')}`);
  return { actor, client, webauthn, requests: fake.requests, paths, until, idleAfter, warn };
}

describe('passkeySignInMachine', () => {
  it('default: signingIn (busy, ceremony) → done; the session is signed in', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.signIn' });
    expect(passkeySignInStatus(flow.actor.getSnapshot())).toBe('signingIn');
    expect(flow.actor.getSnapshot().hasTag('ceremony')).toBe(true);
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signingIn');
    await flow.until('done');
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedIn');
    // GET /settings: the captcha runner asks whether the project has one.
    expect(flow.paths().filter((path) => path !== 'GET /settings')).toEqual(['GET /users/passkeys/signin', 'POST /users/passkeys/signin']);
    expect(flow.webauthn.calls).toEqual(['startAuthentication']);
  });

  it('error: a refused assertion → the server code, the session back to signedOut', async () => {
    const flow = await setup(undefined, { 'POST /users/passkeys/signin': () => errorBody(400, 'invalid_verification', 'This passkey is not registered.') });
    flow.actor.send({ type: 'user.signIn' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error).toMatchObject({ code: 'invalid_verification', message: 'This passkey is not registered.' });
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedOut');
  });

  it('error: rp id mismatch is found before the ceremony', async () => {
    const flow = await setup(undefined, { 'GET /users/passkeys/signin': () => json(200, fakeAuthenticationOptions({ rpId: 'example.com' })) });
    flow.actor.send({ type: 'user.signIn' });
    expect((await flow.idleAfter()).context.error?.code).toBe('passkey_invalid_rp_id');
    expect(flow.webauthn.calls).toEqual([]);
  });

  it('error: webauthn_not_supported before any request; also when the WebAuthn module cannot load', async () => {
    const flow = await setup(createFakeWebAuthn({ supported: false }));
    flow.actor.send({ type: 'user.signIn' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(flow.requests).toHaveLength(0);

    (flow.client as { webauthn: unknown }).webauthn = async () => {
      throw new Error('chunk failed');
    };
    const actor = createActor(passkeySignInMachine, { input: { client: flow.client } }).start();
    actor.send({ type: 'user.signIn' });
    await waitFor(actor, (next) => !next.hasTag('busy'));
    expect(actor.getSnapshot().context.error?.code).toBe('webauthn_not_supported');
  });

  it('behavior: a cancelled sign-in (warn-only) leaves no error and the session signed out', async () => {
    const flow = await setup(
      createFakeWebAuthn({
        authenticate: async () =>
          Promise.reject(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', { name: 'NotAllowedError', message: 'The operation either timed out or was not allowed.' })),
      }),
    );
    flow.actor.send({ type: 'user.signIn' });
    const snapshot = await flow.idleAfter();
    expect(snapshot.context.error).toBeUndefined();
    expect(flow.warn).toHaveBeenCalledTimes(1);
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: user.cancel during sign-in aborts the ceremony and ends the session sign-in', async () => {
    const flow = await setup(createFakeWebAuthn({ authenticate: () => deferred<never>().promise }));
    flow.actor.send({ type: 'user.signIn' });
    await vi.waitFor(() => expect(flow.webauthn.calls).toContain('startAuthentication'));
    flow.actor.send({ type: 'user.cancel' });
    expect(passkeySignInStatus(flow.actor.getSnapshot())).toBe('idle');
    expect(flow.webauthn.calls).toEqual(['startAuthentication', 'cancel']);
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: a sign-out after done resets the flow by itself: the next sign-in starts from idle', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.signIn' });
    await flow.until('done');
    flow.client.session.send({ type: 'user.signOut' });
    await flow.until('idle');
    expect(getSessionStatus(flow.client.session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: a second signIn replaces the running ceremony; reset after done returns to idle', async () => {
    let count = 0;
    const first = deferred<never>();
    const flow = await setup(createFakeWebAuthn({ authenticate: async () => (++count === 1 ? first.promise : fakeAuthenticationCredential()) }));
    flow.actor.send({ type: 'user.signIn' });
    await vi.waitFor(() => expect(flow.webauthn.calls).toContain('startAuthentication'));
    flow.actor.send({ type: 'user.signIn' });
    first.reject(webAuthnError('ERROR_CEREMONY_ABORTED'));
    await flow.until('done');
    expect(flow.webauthn.calls).toEqual(['startAuthentication', 'cancel', 'startAuthentication']);
    expect(flow.actor.getSnapshot().context.error).toBeUndefined();
    flow.actor.send({ type: 'user.reset' });
    expect(passkeySignInStatus(flow.actor.getSnapshot())).toBe('idle');
  });
});
