import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createCustodyApi } from '../embedded/custody/createCustodyApi.js';
import type { Stamper } from '../embedded/stampers/Stamper.js';
import { emailSignInMachine } from '../machines/emailSignIn/emailSignInMachine.js';
import { mfaChallengeError, mfaChallengeIsBusy, mfaChallengeMachine, mfaChallengeStatus } from '../machines/mfaChallenge/mfaChallengeMachine.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createFakeFetch, fakeUser, json, type FakeHandler, type RecordedRequest } from '../../test/fakeFetch.js';
import { destroyTestClients, signedOutTestClient } from '../../test/testClient.js';
import { REQUEST_TIMEOUT_MS } from './requestDeadline.js';

/**
 * The kit against a server that misbehaves: no answer, half an answer, an answer that signs nobody in, a custody
 * reply of the wrong shape. Every one ends the flow in a coded error, in bounded time; none reads as success.
 */
const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
afterEach(async () => {
  vi.useRealTimers();
  await destroyTestClients();
});

async function signedOutClient(table: Record<string, FakeHandler>) {
  const { client, requests } = await signedOutTestClient(table);
  return Object.assign(client, { requests });
}

/** Timers faked (only they: the contract's lazy import and the fetch still run), from before the request goes out. */
async function fakeTimersUntilSent(requests: readonly RecordedRequest[], path: string, send: () => void): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const sent = () => requests.filter((request) => request.url.pathname.endsWith(path)).length;
  const before = sent();
  send();
  // The first request waits for the route table's import: up to 5 s of real time (performance.now is not faked).
  const until = performance.now() + 5_000;
  while (sent() === before && performance.now() < until) await new Promise((resolve) => setImmediate(resolve));
  expect(sent()).toBe(before + 1);
}

const never = () => new Promise<Response>(() => undefined);
const stalledBody = () => new Response(new ReadableStream({ start() {} }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('a server that does not answer: every request is bounded', () => {
  it.each([
    ['no answer at all', never],
    ['headers, then a body that never ends', stalledBody],
  ])("error: %s to the code's send → back to the address, 'Timeout', the address kept", async (_name, answer) => {
    const client = await signedOutClient({ 'POST /emailVerifications/create': answer });
    const actor = createActor(emailSignInMachine, { input: { client } }).start();
    await fakeTimersUntilSent(client.requests, '/emailVerifications/create', () => actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('sendingCode');
    await vi.advanceTimersByTimeAsync(1);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.error).toMatchObject({ code: 'timeout', message: 'Timeout' });
    expect(snapshot.context.destination).toBe('ada@example.com');
  });

  it('error: a code check that never answers → the code screen again with "Timeout"; the session is not left signing in', async () => {
    const client = await signedOutClient({ 'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }), 'POST /emailVerifications/signin': never });
    const actor = createActor(emailSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    await fakeTimersUntilSent(client.requests, '/emailVerifications/signin', () => actor.send({ type: 'user.submitCode', code: '123456' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('awaitingCode');
    expect(actor.getSnapshot().context.error?.code).toBe('timeout');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut');
  });

  it('error: a custody request that never answers → timeout (bounded like the product API)', async () => {
    const custody = createCustodyApi({ baseUrl: 'http://127.0.0.1:10', fetch: createFakeFetch(never).fetch, timeoutMs: 20 });
    const stamper: Stamper = { stamp: async () => ({ stampHeaderName: 'X-Stamp', stampHeaderValue: 'x' }) } as unknown as Stamper;
    await expect(custody.query('whoami', { organizationId: 'o' }, stamper)).rejects.toMatchObject({ code: 'timeout', message: 'Timeout' });
  });
});

describe('an answer that signs nobody in is not success', () => {
  it('error: a code check answered 200 { user } (no jwt, no mfaToken) → the code screen with invalid_response; nobody signed in', async () => {
    const client = await signedOutClient({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/signin': () => json(200, { user: fakeUser() }),
    });
    const actor = createActor(emailSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.submitCode', code: '123456' });
    const snapshot = await waitFor(actor, (next) => next.value !== 'verifying');
    expect(snapshot.value).toBe('awaitingCode');
    expect(snapshot.context.error?.code).toBe('invalid_response');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedOut');
  });

  it.each([
    ['{ user } alone', { user: fakeUser() }],
    ['another mfaToken', { user: fakeUser(), mfaToken: 'again' }],
  ])('error: a second factor answered with %s → the challenge fails with invalid_response, not done', async (_name, body) => {
    const client = await signedOutClient({ 'POST /users/mfa/auth/totp': () => json(200, body) });
    client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-token-1', nextView: 'mfa-challenge' } });
    const actor = createActor(mfaChallengeMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(actor, (snapshot) => !mfaChallengeIsBusy(snapshot));
    expect(mfaChallengeStatus(actor.getSnapshot())).not.toBe('done');
    expect(mfaChallengeError(actor.getSnapshot())?.code).toBe('invalid_response');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('mfa');
  });
});

describe('a custody reply of the wrong shape is invalid_response, never a network error; a refusal is a refusal', () => {
  const stamper = { stamp: async () => ({ stampHeaderName: 'X-Stamp', stampHeaderValue: 'x' }) } as unknown as Stamper;
  const custodyAnswering = (answer: () => Response) => createCustodyApi({ baseUrl: 'http://127.0.0.1:10', fetch: createFakeFetch(answer).fetch });

  it.each([
    ['null', () => json(200, null)],
    ['an array', () => json(200, [])],
    ['an activity without a status', () => json(200, { activity: { id: 'a' } })],
    ['a completed activity without a result', () => json(200, { activity: { id: 'a', status: 'ACTIVITY_STATUS_COMPLETED' } })],
  ])('error: 200 with %s', async (_name, answer) => {
    await expect(custodyAnswering(answer).submit('sign_transaction', 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', 'o', {}, stamper)).rejects.toMatchObject({ code: 'invalid_response' });
  });
  it.each([
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [500, 'Internal Server Error'],
  ])('error: a proxy page for a %i (HTML, not JSON) is the refusal it is, custody_request_failed with the status: not invalid_response', async (status, title) => {
    const page = () => new Response(`<html><head><title>${status} ${title}</title></head><body>${title}</body></html>`, { status, headers: { 'content-type': 'text/html' } });
    const refused = custodyAnswering(page).query('whoami', { organizationId: 'o' }, stamper);
    await expect(refused).rejects.toMatchObject({ code: 'custody_request_failed', status, params: { reason: `HTTP ${status}` } });
  });
});
