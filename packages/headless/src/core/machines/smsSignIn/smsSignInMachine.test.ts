import type { SignInResponse } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
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
import type { ParsedPhone, PhoneInput } from '../../validation/parsePhone.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { smsSignInMachine } from './smsSignInMachine.js';

const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const US_PHONE: PhoneInput = { phoneNumber: '(201) 555-0123', isoCountryCode: 'US' };
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

type SendInput = { phone: PhoneInput; verificationUUID: string | undefined; parsedPhone: ParsedPhone | undefined };

const PARSED: ParsedPhone = { e164: '+12015550123', international: '+1 201 555 0123', phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'US' };

/** The machine with its two actors replaced by the given functions. */
async function setup(
  sendCode: (input: SendInput) => Promise<{ verificationUUID: string; parsedPhone: ParsedPhone }> = async () => ({ verificationUUID: UUID, parsedPhone: PARSED }),
  verifyCode: (input: { verificationUUID: string; code: string; purpose: string }) => Promise<SignInResponse> = async () =>
    fakeSignIn(Date.now() + 3_600_000),
) {
  const { client } = await makeClient();
  const sendSpy = vi.fn(sendCode);
  const verifySpy = vi.fn(verifyCode);
  const machine = smsSignInMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => sendSpy({ phone: input.phone, verificationUUID: input.verificationUUID, parsedPhone: input.parsedPhone })),
      verifyCode: fromPromise(({ input }) => verifySpy({ verificationUUID: input.verificationUUID, code: input.code, purpose: input.purpose })),
    },
  });
  const actor = createActor(machine, { input: { client } }).start();
  const until = (state: string) => waitFor(actor, (snapshot) => snapshot.value === state);
  const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
  return { actor, client, sendSpy, verifySpy, until, sessionStatus };
}

async function toAwaitingCode(flow: Awaited<ReturnType<typeof setup>>) {
  flow.actor.send({ type: 'user.submitPhone', phone: US_PHONE });
  return flow.until('awaitingCode');
}

const tooMany = () => new LatchkeyError('too_many_sms_verification_attempts', { status: 429 });

describe('smsSignInMachine: sending the code', () => {
  it('default: idle → sendingCode (busy) → awaitingCode with the verification and the checked number', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.submitPhone', phone: US_PHONE });
    expect(flow.actor.getSnapshot().value).toBe('sendingCode');
    expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flow.until('awaitingCode');
    expect(flow.sendSpy).toHaveBeenCalledWith({ phone: US_PHONE, verificationUUID: undefined, parsedPhone: undefined });
    expect(flow.actor.getSnapshot().context).toMatchObject({ phone: US_PHONE, parsedPhone: PARSED, verificationUUID: UUID, error: undefined });
  });

  it("error: a bad number returns to idle with 'Invalid phone number.'", async () => {
    const flow = await setup(async () => {
      throw new LatchkeyError('invalid_phone');
    });
    flow.actor.send({ type: 'user.submitPhone', phone: { phoneNumber: '555', isoCountryCode: 'US' } });
    await flow.until('idle');
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_phone', message: 'Invalid phone number.' });
    expect(flow.actor.getSnapshot().context.phone).toEqual({ phoneNumber: '555', isoCountryCode: 'US' });
  });

  it('behavior: resendCode sends again for the same verification and checked number', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.resendCode' });
    expect(flow.actor.getSnapshot().value).toBe('sendingCode');
    await flow.until('awaitingCode');
    expect(flow.sendSpy).toHaveBeenLastCalledWith({ phone: US_PHONE, verificationUUID: UUID, parsedPhone: PARSED });
  });

  it("error: too many resends keep the code already sent, with 'Rate limit reached'", async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.sendSpy.mockImplementationOnce(async () => {
      throw new LatchkeyError('too_many_requests', { status: 429 });
    });
    flow.actor.send({ type: 'user.resendCode' });
    await flow.until('awaitingCode');
    expect(flow.actor.getSnapshot().context.error?.message).toBe('Rate limit reached');
    expect(flow.actor.getSnapshot().context.verificationUUID).toBe(UUID);
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
    flow.actor.send({ type: 'user.submitPhone', phone: US_PHONE });
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.actor.getSnapshot().context).toMatchObject({ phone: undefined, parsedPhone: undefined, verificationUUID: undefined });
  });
});

describe('smsSignInMachine: verifying the code', () => {
  it('default: awaitingCode → verifying (busy) → done; the session signs in', async () => {
    const flow = await setup();
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: ' 123-456 ' });
    expect(flow.actor.getSnapshot().value).toBe('verifying');
    expect(flow.sessionStatus()).toBe('signingIn');
    await flow.until('done');
    expect(flow.verifySpy).toHaveBeenCalledWith({ verificationUUID: UUID, code: '123456', purpose: 'signIn' });
    expect(flow.sessionStatus()).toBe('signedIn');
  });

  it("error: a malformed code stays in awaitingCode with 'Invalid code' and sends nothing", async () => {
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
      throw new LatchkeyError('wrong_sms_verification_token', { status: 400 });
    });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    await flow.until('awaitingCode');
    expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'wrong_sms_verification_token', message: 'The code is invalid or expired.' });
    expect(flow.sessionStatus()).toBe('signedOut');
  });

  it("error: the attempt limit ends in failed with 'Too many SMS verification attempts.'", async () => {
    const flow = await setup(undefined, async () => {
      throw tooMany();
    });
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '000000' });
    await flow.until('failed');
    expect(flow.actor.getSnapshot().context.error?.message).toBe('Too many SMS verification attempts.');
    expect(flow.sessionStatus()).toBe('signedOut');
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    expect(flow.actor.getSnapshot().value).toBe('failed');
    flow.actor.send({ type: 'user.reset' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
  });

  it('behavior: cancel while verifying → idle and the session back to signedOut', async () => {
    const flow = await setup(undefined, () => new Promise(() => undefined));
    await toAwaitingCode(flow);
    flow.actor.send({ type: 'user.submitCode', code: '123456' });
    flow.actor.send({ type: 'user.cancel' });
    expect(flow.actor.getSnapshot().value).toBe('idle');
    expect(flow.sessionStatus()).toBe('signedOut');
  });
});

describe('smsSignInMachine: its own actors', () => {
  it('default: create (number checked by the library), retry, wrong code, then sign in through the client API', async () => {
    const signins: unknown[] = [];
    const { client, requests } = await makeClient({
      'POST /smsVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /smsVerifications/retry': () => json(200, { verificationUUID: UUID }),
      'POST /smsVerifications/signin': (request) => {
        signins.push(request.body);
        return signins.length === 1
          ? errorBody(400, 'wrong_sms_verification_token', 'The code is invalid or expired.', 'verificationToken')
          : json(200, fakeSignIn(Date.now() + 3_600_000));
      },
    });
    const actor = createActor(smsSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitPhone', phone: { phoneNumber: '+44 7400 123456', isoCountryCode: 'US' } });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    expect(actor.getSnapshot().context.parsedPhone?.international).toBe('+44 7400 123456');
    actor.send({ type: 'user.resendCode' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.submitCode', code: '000000' });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode' && snapshot.context.error !== undefined);
    actor.send({ type: 'user.submitCode', code: '123456' });
    await waitFor(actor, (snapshot) => snapshot.value === 'done');
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    const parts = { phoneCountryCode: '44', phoneNumber: '7400123456', isoCountryCode: 'GB' };
    expect(requests.map((r) => [r.url.pathname.split('/').slice(-2).join('/'), r.body])).toEqual([
      ['smsVerifications/create', parts],
      ['smsVerifications/retry', { verificationUUID: UUID, ...parts }],
      ['smsVerifications/signin', { verificationUUID: UUID, verificationToken: '000000' }],
      ['smsVerifications/signin', { verificationUUID: UUID, verificationToken: '123456' }],
    ]);
  });

  it("error: a number the library refuses never reaches the server ('Invalid phone number.')", async () => {
    const { client, requests } = await makeClient({});
    const actor = createActor(smsSignInMachine, { input: { client } }).start();
    actor.send({ type: 'user.submitPhone', phone: { phoneNumber: '12', isoCountryCode: 'US' } });
    await waitFor(actor, (snapshot) => snapshot.value === 'idle' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid phone number.');
    expect(requests).toEqual([]);
  });

  it('behavior: purpose verify calls /smsVerifications/verify, keeps the session signed in and takes its answer; a conflict is a sentence', async () => {
    let verifies = 0;
    const { client, requests } = await makeClient({
      'POST /smsVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /smsVerifications/verify': () => {
        verifies += 1;
        return verifies === 1
          ? errorBody(400, 'user_has_already_account_with_phone_number', 'server words', 'phoneNumber')
          : json(200, fakeSignIn(Date.now() + 3_600_000, { phoneNumber: '+12015550123' }));
      },
    });
    client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
    const actor = createActor(smsSignInMachine, { input: { client, purpose: 'verify' } }).start();
    actor.send({ type: 'user.submitPhone', phone: US_PHONE });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    actor.send({ type: 'user.submitCode', code: '123456' });
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toMatchObject({
      code: 'user_has_already_account_with_phone_number',
      message: 'Another account already uses this phone number.',
    });
    expect(getSessionStatus(client.session.getSnapshot())).toBe('signedIn');
    actor.send({ type: 'user.submitCode', code: '654321' });
    await waitFor(actor, (snapshot) => snapshot.value === 'done');
    expect(client.session.getSnapshot().context.user?.phoneNumber).toBe('+12015550123');
    expect(requests.at(-1)?.url.pathname).toMatch(/smsVerifications\/verify$/);
    expect(requests.at(-1)?.headers.get('authorization')).toMatch(/^Bearer /);
  });
});
