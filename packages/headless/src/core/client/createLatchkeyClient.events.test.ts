import type { AnalyticsEvent } from '@latchkey/protocol';
import { waitFor } from 'xstate';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable, type FakeHandler } from '../../test/fakeFetch.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createLatchkeyClient, type LatchkeyClient, type LatchkeyClientConfig } from './createLatchkeyClient.js';

const clients: LatchkeyClient[] = [];
// The callbacks and analytics code is a chunk of its own that the client imports on its first event: loaded here
// once, so its import resolves at once under the fake clock (as it does in a page, long before a sign-in finishes).
beforeAll(async () => {
  await import('../events/clientEvents.js');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  vi.useRealTimers();
});

const CODE = '123456';
const UUID = '0b7c4b8e-3f5e-4a51-9c1e-6f0a2d9b8c7e';

function make(config: Partial<LatchkeyClientConfig> = {}, handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'POST /emailVerifications/signin': (request) =>
        (request.body as { verificationToken: string }).verificationToken === CODE
          ? json(200, fakeSignIn(Date.now() + 3_600_000))
          : errorBody(400, 'invalid_email_verification', 'The code is invalid or expired.'),
      'POST /revoke': () => json(200, { ok: true }),
      'POST /events': () => json(200, { ok: true }),
      ...handlers,
    }),
  );
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
    ...config,
  });
  clients.push(client);
  const posted = () => fake.requests.filter((request) => request.url.pathname.endsWith('/events'));
  const sentEvents = () => posted().flatMap((request) => (request.body as { events: AnalyticsEvent[] }).events);
  return { client, requests: fake.requests, posted, sentEvents };
}

/** A wrong code, then the right one, then a sign-out: the lifecycle of one visit. */
async function visit(client: LatchkeyClient) {
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  await expect(signInWithEmailVerification(client, { verificationUUID: UUID, verificationToken: '000000' })).rejects.toMatchObject({ code: 'invalid_email_verification' });
  const response = await signInWithEmailVerification(client, { verificationUUID: UUID, verificationToken: CODE });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  client.session.send({ type: 'user.signOut' });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
}

describe('createLatchkeyClient: host callbacks', () => {
  it('default: onAuthInit, onAuthFailure, onAuthSuccess and onLogout are called, in order, with their payloads', async () => {
    const calls: [string, unknown][] = [];
    const { client } = make({
      analytics: false,
      callbacks: {
        onAuthInit: (event) => calls.push(['init', event]),
        onAuthFailure: (event) => calls.push(['failure', event]),
        onAuthSuccess: (event) => calls.push(['success', { restored: event.restored, userId: event.user.id }]),
        onLogout: (event) => calls.push(['logout', event]),
      },
    });
    await visit(client);
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls).toEqual([
      ['init', { method: 'email' }],
      ['failure', { method: 'email', code: 'invalid_email_verification' }],
      ['init', { method: 'email' }],
      ['success', { restored: false, userId: 'user-1' }],
      ['logout', { reason: 'user' }],
    ]);
  });

  it('error: a callback that throws is logged and stops neither the others nor the flow', async () => {
    const errors: unknown[] = [];
    const logouts: unknown[] = [];
    const { client } = make({
      analytics: false,
      console: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => errors.push(args) },
      callbacks: {
        onAuthSuccess: () => {
          throw new Error('host bug');
        },
        onLogout: (event) => logouts.push(event),
      },
    });
    await visit(client);
    await vi.waitFor(() => expect(logouts).toEqual([{ reason: 'user' }]));
    expect(JSON.stringify(errors)).toContain('A callback for auth.signedIn threw');
  });
});

describe('createLatchkeyClient: analytics events (POST /events)', () => {
  it('default: the visit is sent as one batch after the flush interval, with one anonymous id and type track', async () => {
    const { client, posted, sentEvents } = make();
    await visit(client);
    await vi.advanceTimersByTimeAsync(1);
    expect(posted()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(posted()).toHaveLength(1);
    expect(sentEvents().map((event) => [event.event, event.properties])).toEqual([
      ['signInStarted', { method: 'email' }],
      ['signInFailed', { method: 'email', code: 'invalid_email_verification' }],
      ['signInStarted', { method: 'email' }],
      ['signInSucceeded', { newUser: false }],
      ['signedOut', { reason: 'user' }],
    ]);
    expect(new Set(sentEvents().map((event) => event.anonymousId)).size).toBe(1);
    expect(sentEvents().every((event) => event.type === 'track')).toBe(true);
  });

  it('behavior: destroy sends what is still queued', async () => {
    const { client, posted } = make();
    await visit(client);
    expect(posted()).toEqual([]);
    await client.destroy();
    expect(posted()).toHaveLength(1);
  });

  it('behavior: analyticsFlushIntervalMs sets the wait', async () => {
    const { client, posted } = make({ analyticsFlushIntervalMs: 50 });
    await visit(client);
    await vi.advanceTimersByTimeAsync(50);
    expect(posted()).toHaveLength(1);
  });

  it('behavior: analytics: false — nothing is queued, stored or sent, even at destroy; the callbacks still run', async () => {
    const successes: unknown[] = [];
    const storage = createMemoryStorage();
    const { client, requests } = make({ analytics: false, storage, callbacks: { onAuthSuccess: (event) => successes.push(event.restored) } });
    await visit(client);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(successes).toEqual([false]));
    await client.destroy();
    expect(requests.filter((request) => request.url.pathname.endsWith('/events'))).toEqual([]);
    expect(storage.getItem(`latchkey:${ENVIRONMENT_ID}:anonymousId`)).toBeNull();
  });
});
