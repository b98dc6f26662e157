import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorBody,
  fakeSignIn,
  json,
  type FakeHandler,
} from '../../../test/fakeFetch.js';
import { destroyTestClients, signedOutTestClient } from '../../../test/testClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import type { SendCodeInput, SentCode } from '../codeVerification/codeVerificationMachine.js';
import { emailSignInMachine } from './emailSignInMachine.js';

/** The e-mail channel's own checks; the lifecycle it shares with SMS is in codeVerificationMachine.test.ts. */
const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';

afterEach(async () => {
  await destroyTestClients();
});

const makeClient = (handlers: Record<string, FakeHandler> = {}, captchaToken?: string) => signedOutTestClient(handlers, captchaToken === undefined ? {} : { captchaToken });

describe('emailSignInMachine: the address', () => {
  it('error: a malformed e-mail stays idle with invalid_email_address and sends nothing', async () => {
    const { client } = await makeClient();
    const sendSpy = vi.fn(async (): Promise<SentCode> => ({ verificationUUID: UUID, sentTo: 'ada@example.com' }));
    const actor = createActor(emailSignInMachine.provide({ actors: { sendCode: fromPromise<SentCode, SendCodeInput>(sendSpy) } }), { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'ada@' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_email_address', path: 'email' });
    expect(actor.getSnapshot().context.destination).toBe('ada@');
    expect(sendSpy).not.toHaveBeenCalled();
    actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});

describe('emailSignInMachine: its own actors', () => {
  it('behavior: with the project\'s captcha on, each send (create, then retry) carries a fresh captchaToken', async () => {
    let solved = 0;
    const { client, requests } = await makeClient({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/retry': () => json(200, { verificationUUID: UUID }),
    });
    const withCaptcha = { ...client, captcha: { token: async () => `token-${++solved}` } };
    const actor = createActor(emailSignInMachine, { input: { client: withCaptcha } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, () => requests.length === 2);
    expect(requests.map((r) => r.body)).toEqual([
      { email: 'ada@example.com', captchaToken: 'token-1' },
      { verificationUUID: UUID, email: 'ada@example.com', captchaToken: 'token-2' },
    ]);
  });

  it('default: create, then sign in through the client API; a wrong code answer from the server', async () => {
    const signins: unknown[] = [];
    const { client, requests } = await makeClient({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/retry': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/signin': (request) => {
        signins.push(request.body);
        return signins.length === 1
          ? errorBody(400, 'wrong_email_verification_token', 'The code is invalid or expired.', 'verificationToken')
          : json(200, fakeSignIn(Date.now() + 3_600_000));
      },
    });
    const actor = createActor(emailSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: '  ada@example.com ' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    // The code goes to the trimmed address, which the flow keeps as where it went.
    expect(actor.getSnapshot().context.sentTo).toBe('ada@example.com');
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.submitCode', code: '000000' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error?.code).toBe('wrong_email_verification_token');
    actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.value === 'done');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    expect(requests.map((r) => r.url.pathname.split('/').slice(-2).join('/'))).toEqual([
      'emailVerifications/create',
      'emailVerifications/retry',
      'emailVerifications/signin',
      'emailVerifications/signin',
    ]);
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(requests[1]?.body).toEqual({ verificationUUID: UUID, email: 'ada@example.com' });
    expect(signins).toEqual([
      { verificationUUID: UUID, verificationToken: '000000' },
      { verificationUUID: UUID, verificationToken: '123456' },
    ]);
  });
});

describe('emailSignInMachine: adding an e-mail to the signed-in user', () => {
  it("behavior: purpose link calls /emailVerifications/verify with the session's token; the session stays signed in; a conflict is a sentence", async () => {
    let verifies = 0;
    const { client, requests } = await makeClient({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/verify': () => {
        verifies += 1;
        return verifies === 1
          ? errorBody(400, 'user_has_already_account_with_email', 'server words', 'email')
          : json(200, fakeSignIn(Date.now() + 3_600_000, { email: 'bo@example.com' }));
      },
    });
    client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000, { email: undefined }) });
    const actor = createActor(emailSignInMachine, { input: { client, purpose: 'link' } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'bo@example.com' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.submitCode', code: '123456' });
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toMatchObject({
      code: 'user_has_already_account_with_email',
      message: 'Another account already uses this email address.',
    });
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(actor, (snapshot) => snapshot.value === 'done');
    expect(client.session.getSnapshot().context.user?.email).toBe('bo@example.com');
    expect(requests.at(-1)?.url.pathname).toMatch(/emailVerifications\/verify$/);
    expect(requests.at(-1)?.headers.get('authorization')).toMatch(/^Bearer /);
  });
});

describe('emailSignInMachine: rate limits', () => {
  const limited = (code: string, message: string, seconds: number) => () =>
    new Response(JSON.stringify({ error: { code, message } }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) } });

  it('behavior: a first send refused with Retry-After stays idle with the sentence and retryAt; nothing is sent before then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { client, requests } = await makeClient({ 'POST /emailVerifications/create': limited('too_many_requests', 'Rate limit reached', 42) });
      const actor = createActor(emailSignInMachine, { input: { client } }).start();
      actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
      const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.error).toMatchObject({ code: 'too_many_requests', message: 'Rate limit reached', retryAfterSeconds: 42 });
      expect(snapshot.context.retryAt).toBe(Date.now() + 42_000);
      actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
      expect(actor.getSnapshot().value).toBe('idle');
      expect(requests).toHaveLength(1);
      vi.setSystemTime(Date.now() + 42_001);
      actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
      expect(actor.getSnapshot().value).toBe('sendingCode');
    } finally {
      vi.useRealTimers();
    }
  });

  it('behavior: a resend over the per-address limit keeps the code step (not failed); without Retry-After the attempt limit still ends the flow', async () => {
    let creates = 0;
    const { client } = await makeClient({
      'POST /emailVerifications/create': () =>
        ++creates === 1 ? json(200, { verificationUUID: UUID }) : errorBody(429, 'too_many_email_verification_attempts', 'Too many email verification attempts.'),
      'POST /emailVerifications/retry': limited('too_many_email_verification_attempts', 'Too many email verification attempts.', 5),
    });
    const actor = createActor(emailSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: 'ada@example.com' });
    await waitFor(actor, (state) => state.value === 'awaitingCode');
    actor.send({ type: 'user.resendCode' });
    const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
    expect(snapshot.value).toBe('awaitingCode');
    expect(snapshot.context.error).toMatchObject({ code: 'too_many_email_verification_attempts', retryAfterSeconds: 5 });
    expect(snapshot.context.verificationUUID).toBe(UUID);

    const other = createActor(emailSignInMachine, { input: { client } }).start();
    other.send({ type: 'user.submitDestination', destination: 'bob@example.com' });
    expect((await waitFor(other, (state) => !state.hasTag('busy'))).value).toBe('failed');
  });
});
