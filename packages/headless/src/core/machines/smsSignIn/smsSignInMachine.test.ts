import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  errorBody,
  fakeSignIn,
  json,
  type FakeHandler,
} from '../../../test/fakeFetch.js';
import { destroyTestClients, signedOutTestClient } from '../../../test/testClient.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { PhoneInput } from '../../validation/parsePhone.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import type { SendCodeInput, SentCode } from '../codeVerification/codeVerificationMachine.js';
import { smsSignInMachine } from './smsSignInMachine.js';

/** The SMS channel's own checks; the lifecycle it shares with e-mail is in codeVerificationMachine.test.ts. */
const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const US_PHONE: PhoneInput = { phoneNumber: '(201) 555-0123', isoCountryCode: 'US' };

afterEach(async () => {
  await destroyTestClients();
});

const makeClient = (handlers: Record<string, FakeHandler> = {}, captchaToken?: string) => signedOutTestClient(handlers, captchaToken === undefined ? {} : { captchaToken });

describe('smsSignInMachine: the number', () => {
  it("error: a bad number returns to idle with 'Invalid phone number.'", async () => {
    const { client } = await makeClient();
    const machine = smsSignInMachine.provide({
      actors: {
        sendCode: fromPromise<SentCode, SendCodeInput>(async () => {
          throw new LatchkeyError('invalid_phone');
        }),
      },
    });
    const actor = createActor(machine, { input: { client } }).start();
    actor.send({ type: 'user.submitDestination', destination: { phoneNumber: '555', isoCountryCode: 'US' } });
    await waitFor(actor, (snapshot) => snapshot.value === 'idle' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_phone', message: 'Invalid phone number.' });
    expect(actor.getSnapshot().context.destination).toEqual({ phoneNumber: '555', isoCountryCode: 'US' });
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
    actor.send({ type: 'user.submitDestination', destination: { phoneNumber: '+44 7400 123456', isoCountryCode: 'US' } });
    await waitFor(actor, (snapshot) => snapshot.value === 'awaitingCode');
    expect((actor.getSnapshot().context.sentTo as { international: string }).international).toBe('+44 7400 123456');
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
    actor.send({ type: 'user.submitDestination', destination: { phoneNumber: '12', isoCountryCode: 'US' } });
    await waitFor(actor, (snapshot) => snapshot.value === 'idle' && snapshot.context.error !== undefined);
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid phone number.');
    expect(requests).toEqual([]);
  });

  it('behavior: purpose link calls /smsVerifications/verify, keeps the session signed in and takes its answer; a conflict is a sentence', async () => {
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
    const actor = createActor(smsSignInMachine, { input: { client, purpose: 'link' } }).start();
    actor.send({ type: 'user.submitDestination', destination: US_PHONE });
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
