import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  API_BASE_URL,
  createFakeFetch,
  ENVIRONMENT_ID,
  errorBody,
  fakeSignIn,
  fakeUser,
  json,
  routeTable,
  type FakeHandler,
} from '../../../test/fakeFetch.js';
import { loadContract } from '../../contract/loadContract.js';
import { createEmitter, type LatchkeyEvents } from '../../events/createEmitter.js';
import { createLogger } from '../../logger/createLogger.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { createStore } from '../../storage/createStore.js';
import { createApi } from '../../transport/createApi.js';
import { createTransport } from '../../transport/createTransport.js';
import { getSessionStatus, sessionMachine, type SessionActorRef } from './sessionMachine.js';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const HOUR = 60 * 60_000;
const AUTH_KEY = 'latchkey:test:auth';
// The schemas are in before the session starts, as in a page whose schema chunk has arrived: a
// request then goes out as soon as its timer fires (the clock tests check that synchronously).
const contract = await loadContract();

function setup(options: { handlers?: Record<string, FakeHandler>; stored?: string } = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const fake = createFakeFetch(routeTable(options.handlers ?? {}));
  let actor: SessionActorRef | undefined;
  const transport = createTransport({
    apiBaseUrl: API_BASE_URL,
    environmentId: ENVIRONMENT_ID,
    fetch: fake.fetch,
    getJwt: () => actor?.getSnapshot().context.jwt,
    loadContract: () => Promise.resolve(contract),
  });
  const adapter = createMemoryStorage(options.stored === undefined ? {} : { [AUTH_KEY]: options.stored });
  const events = createEmitter<LatchkeyEvents>();
  const emitted: Array<[keyof LatchkeyEvents, unknown]> = [];
  for (const type of ['auth.signedIn', 'auth.signedOut', 'auth.expired', 'storage.parseFailed'] as const) {
    events.on(type, (payload) => emitted.push([type, payload]));
  }
  const logger = createLogger({ level: 'MUTE', console: false });
  actor = createActor(sessionMachine, {
    input: { deps: { api: createApi({ transport }), store: createStore({ adapter, namespace: 'latchkey:test:', events }), events, logger, now: () => clock.now() } },
    clock,
  });
  actor.start();
  const status = () => getSessionStatus(actor.getSnapshot());
  const until = (wanted: string) => waitFor(actor, (snapshot) => getSessionStatus(snapshot) === wanted);
  return { actor, clock, adapter, emitted, requests: fake.requests, status, until };
}

const stored = (expiresAtMs: number) => JSON.stringify({ jwt: fakeSignIn(expiresAtMs).jwt, expiresAt: new Date(expiresAtMs).toISOString() });

describe('sessionMachine: restoring', () => {
  it('default: nothing stored → signedOut without any request', async () => {
    const { until, requests, emitted } = setup();
    await until('signedOut');
    expect(requests).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it('behavior: a valid stored token loads the user (GET /users with it) → signedIn', async () => {
    const value = stored(T0 + HOUR);
    const jwt = JSON.parse(value).jwt as string;
    const { actor, until, requests, emitted } = setup({
      stored: value,
      handlers: { 'GET /users': () => json(200, { user: fakeUser({ firstName: 'Ada' }) }) },
    });
    expect(getSessionStatus(actor.getSnapshot())).toBe('restoring');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await until('signedIn');
    expect(requests.map((r) => [r.method, r.url.pathname.split('/').pop(), r.headers.get('authorization')])).toEqual([
      ['GET', 'users', `Bearer ${jwt}`],
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ jwt, expiresAt: new Date(T0 + HOUR).toISOString() });
    expect(actor.getSnapshot().context.user?.firstName).toBe('Ada');
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn']);
  });

  it('behavior: an expired stored token is dropped without a request', async () => {
    const { until, requests, adapter } = setup({ stored: stored(T0 - 1) });
    await until('signedOut');
    expect(requests).toHaveLength(0);
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
  });

  it('error: a stored token the server refuses (401) is dropped', async () => {
    const { actor, until, adapter } = setup({
      stored: stored(T0 + HOUR),
      handlers: { 'GET /users': () => errorBody(401, 'session_expired', 'Session revoked') },
    });
    await until('signedOut');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it("error: a user who lost access (403 user_without_access) → signedOut, the token dropped, the error kept: 'User does not have access'", async () => {
    const { until, adapter, actor } = setup({
      stored: stored(T0 + HOUR),
      handlers: { 'GET /users': () => errorBody(403, 'user_without_access', 'User does not have access') },
    });
    await until('signedOut');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'user_without_access', message: 'User does not have access' });
  });

  it('error: a network failure while restoring keeps the token for the next load and reports the error', async () => {
    const value = stored(T0 + HOUR);
    const { actor, until, adapter } = setup({
      stored: value,
      handlers: {
        'GET /users': () => {
          throw new TypeError('fetch failed');
        },
      },
    });
    await until('signedOut');
    expect(adapter.getItem(AUTH_KEY)).toBe(value);
    expect(actor.getSnapshot().context.error?.code).toBe('network_error');
  });

  it('behavior: a sign-in that arrives while restoring wins over the restore', async () => {
    const { actor, until, emitted } = setup({
      stored: stored(T0 + HOUR),
      handlers: { 'GET /users': () => json(200, { user: fakeUser({ firstName: 'Stored' }) }) },
    });
    const response = fakeSignIn(T0 + 2 * HOUR, { firstName: 'Fresh' });
    actor.send({ type: 'server.signedIn', response });
    await until('signedIn');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().context.jwt).toBe(response.jwt);
    expect(actor.getSnapshot().context.user?.firstName).toBe('Fresh');
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn']);
  });

  it('error: a stored value that fails to parse is deleted, parse failure emitted → signedOut', async () => {
    const { until, adapter, emitted } = setup({ stored: '{"jwt":' });
    await until('signedOut');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    expect(emitted.map(([type]) => type)).toEqual(['storage.parseFailed']);
  });
});

describe('sessionMachine: signing in', () => {
  it('default: signedOut → signingIn → signedIn on a sign-in response; persisted and announced', async () => {
    const { actor, until, adapter, emitted, status } = setup();
    await until('signedOut');
    actor.send({ type: 'user.startSignIn' });
    expect(status()).toBe('signingIn');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const response = fakeSignIn(T0 + HOUR);
    actor.send({ type: 'server.signedIn', response });
    expect(status()).toBe('signedIn');
    expect(JSON.parse(adapter.getItem(AUTH_KEY) as string)).toEqual({ jwt: response.jwt, expiresAt: response.expiresAt });
    expect(emitted).toEqual([['auth.signedIn', { user: response.user, expiresAt: response.expiresAt, restored: false }]]);
  });

  it("behavior: a link's new session for the same user is no new sign-in (no auth.signedIn); another user's is", async () => {
    const { actor, until, adapter, emitted } = setup();
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    const linked = fakeSignIn(T0 + 2 * HOUR);
    actor.send({ type: 'server.signedIn', response: linked });
    expect(actor.getSnapshot().context.expiresAt).toBe(linked.expiresAt);
    expect(JSON.parse(adapter.getItem(AUTH_KEY) as string)).toEqual({ jwt: linked.jwt, expiresAt: linked.expiresAt });
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn']);
    const other = fakeSignIn(T0 + HOUR, { id: 'user-2' });
    actor.send({ type: 'server.signedIn', response: other });
    expect(emitted).toEqual([emitted[0], ['auth.signedIn', { user: other.user, expiresAt: other.expiresAt, restored: false }]]);
  });

  it("default: a restored session is announced with restored: true", async () => {
    const { until, emitted } = setup({ stored: stored(T0 + HOUR), handlers: { 'GET /users': () => json(200, { user: fakeUser() }) } });
    await until('signedIn');
    expect(emitted).toEqual([['auth.signedIn', { user: expect.objectContaining({ id: 'user-1' }), expiresAt: new Date(T0 + HOUR).toISOString(), restored: true }]]);
  });

  it('behavior: user.cancelSignIn goes back to signedOut', async () => {
    const { actor, until, status } = setup();
    await until('signedOut');
    actor.send({ type: 'user.startSignIn' });
    actor.send({ type: 'user.cancelSignIn' });
    expect(status()).toBe('signedOut');
  });

  it('behavior: the earlier of expiresAt and the token exp is the expiry', async () => {
    const { actor, until } = setup();
    await until('signedOut');
    const response = { ...fakeSignIn(T0 + HOUR), expiresAt: new Date(T0 + 2 * HOUR).toISOString() };
    actor.send({ type: 'server.signedIn', response });
    expect(actor.getSnapshot().context.expiresAt).toBe(new Date(T0 + HOUR).toISOString());
  });

  it('behavior: a pending second factor → mfa; cancel → signedOut; the MFA sign-in → signedIn', async () => {
    const { actor, until, status } = setup();
    await until('signedOut');
    const { user } = fakeSignIn(T0 + HOUR);
    actor.send({ type: 'server.signedIn', response: { user, mfaToken: 'mfa-token' } });
    expect(status()).toBe('mfa');
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-token');
    actor.send({ type: 'user.cancelSignIn' });
    expect(status()).toBe('signedOut');
    expect(actor.getSnapshot().context.mfaToken).toBeUndefined();

    actor.send({ type: 'server.signedIn', response: { user, mfaToken: 'mfa-token' } });
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    expect(status()).toBe('signedIn');
  });

  it('error: a response with neither a token nor a second factor is invalid_response; still signed out', async () => {
    const { actor, until, status, adapter } = setup();
    await until('signedOut');
    actor.send({ type: 'user.startSignIn' });
    actor.send({ type: 'server.signedIn', response: { user: fakeUser() } });
    expect(status()).toBe('signedOut');
    expect(actor.getSnapshot().context.error?.code).toBe('invalid_response');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
  });

  it('behavior: server.userUpdated replaces the user', async () => {
    const { actor, until } = setup();
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    actor.send({ type: 'server.userUpdated', user: fakeUser({ firstName: 'Grace' }) });
    expect(actor.getSnapshot().context.user?.firstName).toBe('Grace');
  });
});

describe('sessionMachine: refresh and expiry', () => {
  it('default: refreshes 60 s before expiry (POST /refresh with the bearer), then follows the new expiry', async () => {
    const first = fakeSignIn(T0 + HOUR);
    const second = fakeSignIn(T0 + 2 * HOUR);
    const third = fakeSignIn(T0 + 3 * HOUR);
    const answers = [second, third];
    const { actor, clock, until, requests, adapter } = setup({ handlers: { 'POST /refresh': () => json(200, answers.shift()) } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: first });

    clock.set(T0 + HOUR - 60_001);
    expect(requests).toHaveLength(0);
    clock.set(T0 + HOUR - 60_000);
    expect(actor.getSnapshot().matches({ signedIn: { auth: { live: 'refreshing' } } })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.context.jwt === second.jwt);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${first.jwt}`);
    expect(JSON.parse(adapter.getItem(AUTH_KEY) as string).jwt).toBe(second.jwt);
    expect(actor.getSnapshot().matches({ signedIn: { auth: { live: 'active' } } })).toBe(true);

    // The old expiry passes harmlessly: the timers follow the new token.
    clock.set(T0 + HOUR + 1);
    expect(getSessionStatus(actor.getSnapshot())).toBe('signedIn');
    clock.set(T0 + 2 * HOUR - 60_000);
    await waitFor(actor, (snapshot) => snapshot.context.jwt === third.jwt);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.get('authorization')).toBe(`Bearer ${second.jwt}`);
  });

  it('behavior: a short-lived token refreshes after four fifths of its life', async () => {
    const { actor, clock, until, requests } = setup({ handlers: { 'POST /refresh': () => json(200, fakeSignIn(T0 + 200_000)) } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + 100_000) });
    clock.set(T0 + 79_999);
    expect(requests).toHaveLength(0);
    clock.set(T0 + 80_000);
    // the refresh goes out once the schemas are in (the first request loads them)
    await vi.waitFor(() => expect(requests).toHaveLength(1));
  });

  it('error: a refresh that fails on the network is retried every 5 s', async () => {
    let calls = 0;
    const renewed = fakeSignIn(T0 + 2 * HOUR);
    const { actor, clock, until, requests } = setup({
      handlers: {
        'POST /refresh': () => {
          calls += 1;
          if (calls === 1) throw new TypeError('fetch failed');
          return json(200, renewed);
        },
      },
    });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    clock.set(T0 + HOUR - 60_000);
    await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: { auth: { live: 'retrying' } } }));
    clock.set(T0 + HOUR - 55_001);
    expect(requests).toHaveLength(1);
    clock.set(T0 + HOUR - 55_000);
    await waitFor(actor, (snapshot) => snapshot.context.jwt === renewed.jwt);
    expect(requests).toHaveLength(2);
  });

  it('error: a refused refresh (401) → expired: storage cleared, auth.expired emitted', async () => {
    const { actor, clock, until, adapter, emitted } = setup({
      handlers: { 'POST /refresh': () => errorBody(401, 'session_expired', 'Session expired') },
    });
    await until('signedOut');
    const response = fakeSignIn(T0 + HOUR);
    actor.send({ type: 'server.signedIn', response });
    clock.set(T0 + HOUR - 60_000);
    await until('expired');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ jwt: undefined, user: undefined, expiresAt: undefined });
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn', 'auth.expired']);
    expect(emitted[1]?.[1]).toEqual({ expiresAt: response.expiresAt });
  });

  it('error: when refreshes keep failing, the session expires at its expiry', async () => {
    const { actor, clock, until, requests } = setup({
      handlers: {
        'POST /refresh': () => {
          throw new TypeError('fetch failed');
        },
      },
    });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    // Step through every retry (bounded: 60 s of 5 s waits).
    for (let at = T0 + HOUR - 60_000; at < T0 + HOUR; at += 5_000) {
      clock.set(at);
      await waitFor(actor, (snapshot) => !snapshot.matches({ signedIn: { auth: { live: 'refreshing' } } }));
    }
    expect(requests).toHaveLength(12);
    clock.set(T0 + HOUR);
    await until('expired');
  });

  it('behavior: a 401 on any bearer request (server.sessionRejected) → expired', async () => {
    const { actor, until } = setup();
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    actor.send({ type: 'server.sessionRejected' });
    await until('expired');
  });

  it('behavior: from expired, a new sign-in works', async () => {
    const { actor, clock, until, status } = setup();
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + 100_000) });
    actor.send({ type: 'server.sessionRejected' });
    expect(status()).toBe('expired');
    actor.send({ type: 'user.startSignIn' });
    expect(status()).toBe('signingIn');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    expect(status()).toBe('signedIn');
    clock.set(T0 + 100_001);
    expect(status()).toBe('signedIn');
  });
});

describe('sessionMachine: signing out', () => {
  it('default: POST /revoke with the bearer, storage cleared, auth.signedOut', async () => {
    const { actor, until, requests, adapter, emitted } = setup({ handlers: { 'POST /revoke': () => json(200, { ok: true }) } });
    await until('signedOut');
    const response = fakeSignIn(T0 + HOUR);
    actor.send({ type: 'server.signedIn', response });
    actor.send({ type: 'user.signOut' });
    expect(actor.getSnapshot().matches({ signedIn: { auth: 'signingOut' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    await until('signedOut');
    expect(requests.map((r) => [r.method, r.url.pathname.split('/').pop(), r.headers.get('authorization')])).toEqual([
      ['POST', 'revoke', `Bearer ${response.jwt}`],
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ jwt: undefined, user: undefined });
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn', 'auth.signedOut']);
  });

  it('behavior: signing out everywhere is POST /revoke/all with the bearer; signed out here as well', async () => {
    const { actor, until, requests, adapter } = setup({ handlers: { 'POST /revoke/all': () => json(200, { ok: true }) } });
    await until('signedOut');
    const response = fakeSignIn(T0 + HOUR);
    actor.send({ type: 'server.signedIn', response });
    actor.send({ type: 'user.signOut', everywhere: true });
    await until('signedOut');
    expect(requests.map((r) => [r.method, r.url.pathname.split('/').slice(-2).join('/'), r.headers.get('authorization')])).toEqual([
      ['POST', 'revoke/all', `Bearer ${response.jwt}`],
    ]);
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
  });

  it('error: a failing revoke still signs out locally', async () => {
    const { actor, until, emitted } = setup({
      handlers: {
        'POST /revoke': () => {
          throw new TypeError('fetch failed');
        },
      },
    });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    actor.send({ type: 'user.signOut' });
    await until('signedOut');
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn', 'auth.signedOut']);
  });

  it('behavior: no timers fire after signing out', async () => {
    const { actor, clock, until, requests } = setup({ handlers: { 'POST /revoke': () => json(200, { ok: true }) } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    actor.send({ type: 'user.signOut' });
    await until('signedOut');
    clock.set(T0 + 2 * HOUR);
    expect(getSessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(requests).toHaveLength(1);
  });
});

/**
 * Two tabs share the storage. The user signs out in one and another user signs in there; the other tab still holds the
 * first user's session in memory. What that stale tab does next must not touch the second user's stored session.
 */
describe('sessionMachine: a stale tab and the stored session of another', () => {
  const walletRecord = 'latchkey:test:walletConnection';

  it("error: the stale tab's refresh is refused (401) → it expires here, and the other user's stored session and records stay", async () => {
    const { actor, clock, until, adapter, emitted } = setup({ handlers: { 'POST /refresh': () => errorBody(401, 'unauthorized', 'The session was revoked.') } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    const others = JSON.stringify({ jwt: fakeSignIn(T0 + 3 * HOUR, { id: 'user-2' }).jwt, expiresAt: new Date(T0 + 3 * HOUR).toISOString() });
    adapter.setItem(AUTH_KEY, others);
    adapter.setItem(walletRecord, JSON.stringify({ key: 'phantom', address: 'the-other-users-wallet' }));
    clock.set(T0 + HOUR - 60_000);
    await until('expired');
    expect(adapter.getItem(AUTH_KEY)).toBe(others);
    expect(adapter.getItem(walletRecord)).not.toBeNull();
    expect(emitted.map(([type]) => type)).toEqual(['auth.signedIn', 'auth.expired']);
  });

  it("error: the stale tab's refresh succeeds (its session was never revoked) → the new token stays in memory, not over the other user's", async () => {
    const renewed = fakeSignIn(T0 + 2 * HOUR);
    const { actor, clock, until, adapter } = setup({ handlers: { 'POST /refresh': () => json(200, renewed) } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    const others = JSON.stringify({ jwt: fakeSignIn(T0 + 3 * HOUR, { id: 'user-2' }).jwt, expiresAt: new Date(T0 + 3 * HOUR).toISOString() });
    adapter.setItem(AUTH_KEY, others);
    clock.set(T0 + HOUR - 60_000);
    await waitFor(actor, (snapshot) => snapshot.context.jwt === renewed.jwt);
    expect(adapter.getItem(AUTH_KEY)).toBe(others);
  });

  it('default: its own stored session is renewed and, refused, cleared with its records, as before', async () => {
    const renewed = fakeSignIn(T0 + 2 * HOUR);
    const { actor, clock, until, adapter } = setup({ handlers: { 'POST /refresh': () => json(200, renewed) } });
    await until('signedOut');
    actor.send({ type: 'server.signedIn', response: fakeSignIn(T0 + HOUR) });
    clock.set(T0 + HOUR - 60_000);
    await waitFor(actor, (snapshot) => snapshot.context.jwt === renewed.jwt);
    expect(JSON.parse(adapter.getItem(AUTH_KEY) ?? '{}').jwt).toBe(renewed.jwt);
    adapter.setItem(walletRecord, JSON.stringify({ key: 'phantom', address: 'this-users-wallet' }));
    actor.send({ type: 'server.sessionRejected' });
    await until('expired');
    expect(adapter.getItem(AUTH_KEY)).toBeNull();
    expect(adapter.getItem(walletRecord)).toBeNull();
  });
});
