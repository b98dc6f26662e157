import type { SignInResponse, VerificationCreated } from '@latchkey/protocol';
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE_URL,
  createFakeFetch,
  ENVIRONMENT_ID,
  errorBody,
  fakeSignIn,
  json,
  routeTable,
  type FakeHandler,
} from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { emailSignInMachine, normalizeCode } from './emailSignInMachine.js';

const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const clients: LatchkeyClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

async function makeClient(handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(routeTable(handlers));
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: false,
    sendLogs: false,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  return { client, requests: fake.requests };
}

type SendCodeInput = { email: string; verificationUUID: string | undefined };
type VerifyInput = { verificationUUID: string; code: string };

/** The machine with its two actors replaced by the given functions. */
async function setup(
  sendCode: (input: SendCodeInput) => Promise<VerificationCreated> = async () => ({ verificationUUID: UUID }),
  verifyCode: (input: VerifyInput) => Promise<SignInResponse> = async () => fakeSignIn(Date.now() + 3_600_000),
) {
  const { client } = await makeClient();
  const sendSpy = vi.fn(sendCode);
  const verifySpy = vi.fn(verifyCode);
  const machine = emailSignInMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => sendSpy({ email: input.email, verificationUUID: input.verificationUUID })),
      verifyCode: fromPromise(({ input }) => verifySpy({ verificationUUID: input.verificationUUID, code: input.code })),
    },
  });
  const actor = createActor(machine, { input: { client } }).start();
  const until = (state: string) => waitFor(actor, (snapshot) => snapshot.value === state);
  const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
  return { actor, client, sendSpy, verifySpy, until, sessionStatus };
}

async function toAwaitingCode(flow: Awaited<ReturnType<typeof setup>>) {
  flow.actor.send({ type: 'user.submitEmail', email: '  ada@example.com ' });
  return flow.until('awaitingCode');
}

const wrongCode = () => new LatchkeyError('wrong_email_verification_token', { message: 'server', status: 400 });
const tooMany = () => new LatchkeyError('too_many_email_verification_attempts', { status: 429 });

describe('emailSignInMachine: sending the code', () => {
  it('default: idle → sendingCode (busy) → awaitingCode with the verification', async () => {
    const flow = await setup();
    expect(flow.actor.getSnapshot().value).toBe('idle');
    flow.actor.send({ type: 'user.submitEmail', email: '  ada@example.com ' });
    expect(flow.actor.getSnapshot().value).toBe('sendingCode');
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flow.until('awaitingCode');
    expect(flow.sendSpy).toHaveBeenCalledWith({ email: 'ada@example.com', verificationUUID: undefined });
    expect(flow.actor.getSnapshot().context).toMatchObject({ email: 'ada@example.com', verificationUUID: UUID, error: undefined });
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('error: a malformed e-mail stays idle with invalid_email_address and sends nothing', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.submitEmail', email: 'ada@' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_email_address', path: 'email' });
    expect(flow.actor.getSnapshot().context.email).toBe('ada@');
    expect(flow.sendSpy).not.toHaveBeenCalled();
    flow.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    expect(flow.actor.getSnapshot().context.error).toBeUndefined();
  });

  it('error: a failed send returns to idle with the error', async () => {
    const flow = await setup(async () => {
      throw new LatchkeyError('no_enabled_email_provider', { message: 'Email sign-in is not enabled.' });
    });
    flow.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await flow.until('idle');
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'no_enabled_email_provider' });
  });

  it('error: an unexpected throw is still a LatchkeyError', async () => {
    const flow = await setup(async () => {
      throw new TypeError('fetch failed');
    });
    flow.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await flow.until('idle');
    expect(flow.actor.getSnapshot().context.error).toBeInstanceOf(LatchkeyError);
    expect(flow.actor.getSnapshot().context.error?.code).toBe('network_error');
  });

  it('behavior: resendCode sends again for the same verification and waits for the code', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.resendCode' });
    expect(flow.actor.getSnapshot().value).toBe('sendingCode');
    await flow.until('awaitingCode');
    expect(flow.sendSpy).toHaveBeenLastCalledWith({ email: 'ada@example.com', verificationUUID: UUID });
  });

  it('error: a failed resend keeps the code already sent (awaitingCode with the error)', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.sendSpy.mockImplementationOnce(async () => {
      throw new LatchkeyError('too_many_requests', { status: 429 });
    });
    flow.actor.send({ type: 'user.resendCode' });
    await flow.until('awaitingCode');
    expect(flow.actor.getSnapshot().context).toMatchObject({ verificationUUID: UUID });
    expect(flow.actor.getSnapshot().context.error?.message).toBe('Rate limit reached');
  });

  it('error: a resend refused for too many attempts → failed', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.sendSpy.mockImplementationOnce(async () => {
      throw tooMany();
    });
    flow.actor.send({ type: 'user.resendCode' });
    await flow.until('failed');
    expect(flow.actor.getSnapshot().hasTag('error')).toBe(true);
  });

  it('behavior: cancel while sending → idle, cleared', async () => {
    const flow = await setup(() => new Promise(() => undefined));
    flow.actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ email: undefined, verificationUUID: undefined, error: undefined });
  });
});

describe('emailSignInMachine: verifying the code', () => {
  it('default: awaitingCode → verifying (busy) → done; the session signs in', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: ' 123 456 ' });
    expect(flow.actor.getSnapshot().value).toBe('verifying');
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(flow.sessionStatus()).toBe('signingIn');
    await flow.until('done');
    expect(flow.verifySpy).toHaveBeenCalledWith({ verificationUUID: UUID, code: '123456' });
    expect(flow.sessionStatus()).toBe('signedIn');
    expect(flow.client.session.getSnapshot().context.user?.email).toBe('ada@example.com');
  });

  it('behavior: the code is never kept in the context', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    expect(JSON.stringify(flow.actor.getSnapshot().context, (key, value) => (key === 'client' ? undefined : value))).not.toContain(
      '123456',
    );
    await flow.until('done');
  });

  it('error: a malformed code stays in awaitingCode with invalid_code and sends nothing', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      flow.actor.send({ type: 'user.submitCode', code });
      expect(flow.actor.getSnapshot().value).toBe('awaitingCode');
      expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code' });
    }
    expect(flow.verifySpy).not.toHaveBeenCalled();
  });

  it("error: a wrong code returns to awaitingCode with 'The code is invalid or expired.'; the session is signed out again", async () => {
    const flow = await setup(undefined, async () => {
      throw wrongCode();
    });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    await flow.until('awaitingCode');
    const { error } = flow.actor.getSnapshot().context;
    expect(error?.code).toBe('wrong_email_verification_token');
    expect(error?.message).toBe('The code is invalid or expired.');
    expect(flow.sessionStatus()).toBe('signedOut');

    flow.verifySpy.mockImplementationOnce(async () => fakeSignIn(Date.now() + 3_600_000));
    flow.actor.send({ type: 'user.submitCode', code: '111111' });
    expect(flow.actor.getSnapshot().context.error).toBeUndefined();
    await flow.until('done');
  });

  it("error: the attempt limit ends in failed with 'Too many email verification attempts.'", async () => {
    const flow = await setup(undefined, async () => {
      throw tooMany();
    });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    await flow.until('failed');
    expect(flow.actor.getSnapshot().context.error?.message).toBe('Too many email verification attempts.');
    expect(flow.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(flow.sessionStatus()).toBe('signedOut');
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    expect(flow.actor.getSnapshot().value).toBe('failed');
  });

  it('behavior: cancel while verifying → idle and the session back to signedOut', async () => {
    const flow = await setup(undefined, () => new Promise(() => undefined));
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    expect(flow.sessionStatus()).toBe('signingIn');
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it('behavior: cancel while awaiting the code → idle, cleared', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().context).toMatchObject({ email: undefined, verificationUUID: undefined });
  });

  it('behavior: reset from done, failed and verifying goes back to idle', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    await flow.until('done');
    flow.actor.send({ type: 'user.reset' });
    expect(flow.actor.getSnapshot().value).toBe('idle');

    flow.verifySpy.mockImplementationOnce(async () => {
      throw tooMany();
    });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    await flow.until('failed');
    flow.actor.send({ type: 'user.reset' });
    expect(flow.actor.getSnapshot().context).toMatchObject({ email: undefined, error: undefined });
  });
});

describe('emailSignInMachine: its own actors', () => {
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
    actor.send({ type: 'user.submitEmail', email: 'ada@example.com' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
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
    expect(requests[1]?.body).toEqual({ verificationUUID: UUID, email: 'ada@example.com' });
    expect(signins).toEqual([
      { verificationUUID: UUID, verificationToken: '000000' },
      { verificationUUID: UUID, verificationToken: '123456' },
    ]);
  });
});

describe('emailSignInMachine: adding an e-mail to the signed-in user', () => {
  it("behavior: purpose verify calls /emailVerifications/verify with the session's token; the session stays signed in; a conflict is a sentence", async () => {
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
    const actor = createActor(emailSignInMachine, { input: { client, purpose: 'verify' } }).start();
    actor.send({ type: 'user.submitEmail', email: 'bo@example.com' });
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

describe('normalizeCode', () => {
  it('default: strips spaces and dashes', () => {
    expect(normalizeCode(' 123-456 ')).toBe('123456');
  });
});
