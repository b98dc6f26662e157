import type { SignInResponse } from '@latchkey/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, routeTable } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { ParsedPhone, PhoneInput } from '../../validation/parsePhone.js';
import { emailSignInMachine } from '../emailSignIn/emailSignInMachine.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { smsSignInMachine } from '../smsSignIn/smsSignInMachine.js';
import { normalizeCode, type SentCode } from './codeVerificationMachine.js';

/**
 * The lifecycle the e-mail and SMS flows share — one machine, specialised per channel with `.provide(...)` — checked
 * for both channels with their own errors and wording. Each channel's own checks (what a bad address or number is,
 * its requests on the wire, adding it to the signed-in user) are in its own test file.
 */
const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const US_PHONE: PhoneInput = { phoneNumber: '(201) 555-0123', isoCountryCode: 'US' };
const PARSED: ParsedPhone = { e164: '+12015550123', international: '+1 201 555 0123', phoneCountryCode: '1', phoneNumber: '2015550123', isoCountryCode: 'US' };

const channels = [
  {
    name: 'e-mail',
    machine: emailSignInMachine,
    destination: 'ada@example.com' as unknown,
    sentTo: 'ada@example.com' as unknown,
    wrongCode: () => new LatchkeyError('wrong_email_verification_token', { message: 'server', status: 400 }),
    tooMany: () => new LatchkeyError('too_many_email_verification_attempts', { status: 429 }),
    tooManyMessage: 'Too many email verification attempts.',
    user: { email: 'ada@example.com' },
  },
  {
    name: 'SMS',
    machine: smsSignInMachine,
    destination: US_PHONE as unknown,
    sentTo: PARSED as unknown,
    wrongCode: () => new LatchkeyError('wrong_sms_verification_token', { message: 'server', status: 400 }),
    tooMany: () => new LatchkeyError('too_many_sms_verification_attempts', { status: 429 }),
    tooManyMessage: 'Too many SMS verification attempts.',
    user: {},
  },
] as const;

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

type SendInput = { destination: unknown; verificationUUID: string | undefined; sentTo: unknown };
type VerifyInput = { verificationUUID: string; code: string; purpose: string };

describe.each(channels)('the $name code flow', (channel) => {
  /** The channel's machine with its two actors replaced by the given functions. */
  async function setup(
    sendCode: (input: SendInput) => Promise<SentCode> = async () => ({ verificationUUID: UUID, sentTo: channel.sentTo }),
    verifyCode: (input: VerifyInput) => Promise<SignInResponse> = async () => fakeSignIn(Date.now() + 3_600_000, channel.user),
  ) {
    const client = createLatchkeyClient({
      environmentId: ENVIRONMENT_ID,
      apiBaseUrl: API_BASE_URL,
      fetch: createFakeFetch(routeTable({})).fetch,
      storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
      console: false,
      sendLogs: false,
    });
    clients.push(client);
    await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    const sendSpy = vi.fn(sendCode);
    const verifySpy = vi.fn(verifyCode);
    const machine = channel.machine.provide({
      actors: {
        sendCode: fromPromise(({ input }) => sendSpy({ destination: input.destination, verificationUUID: input.verificationUUID, sentTo: input.sentTo })),
        verifyCode: fromPromise(({ input }) => verifySpy({ verificationUUID: input.verificationUUID, code: input.code, purpose: input.purpose })),
      },
    });
    const actor = createActor(machine, { input: { client } }).start();
    const until = (state: string) => waitFor(actor, (snapshot) => snapshot.value === state);
    const sessionStatus = () => getSessionStatus(client.session.getSnapshot());
    const submit = () => actor.send({ type: 'user.submitDestination', destination: channel.destination });
    const toAwaitingCode = async () => {
      submit();
      return until('awaitingCode');
    };
    return { actor, client, sendSpy, verifySpy, until, sessionStatus, submit, toAwaitingCode };
  }

  describe('sending the code', () => {
    it('default: idle → sendingCode (busy) → awaitingCode with the verification and where the code went', async () => {
      const flow = await setup();
      expect(flow.actor.getSnapshot().value).toBe('idle');
      flow.submit();
      expect(flow.actor.getSnapshot().value).toBe('sendingCode');
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
      await flow.until('awaitingCode');
      expect(flow.sendSpy).toHaveBeenCalledWith({ destination: channel.destination, verificationUUID: undefined, sentTo: undefined });
      expect(flow.actor.getSnapshot().context).toMatchObject({ destination: channel.destination, sentTo: channel.sentTo, verificationUUID: UUID, error: undefined });
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(false);
    });

    it('error: a failed send returns to idle with the error', async () => {
      const flow = await setup(async () => {
        throw new LatchkeyError('no_enabled_email_provider', { message: 'Email sign-in is not enabled.' });
      });
      flow.submit();
      await flow.until('idle');
      expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'no_enabled_email_provider' });
    });

    it('error: an unexpected throw is still a LatchkeyError', async () => {
      const flow = await setup(async () => {
        throw new TypeError('fetch failed');
      });
      flow.submit();
      await flow.until('idle');
      expect(flow.actor.getSnapshot().context.error).toBeInstanceOf(LatchkeyError);
      expect(flow.actor.getSnapshot().context.error?.code).toBe('network_error');
    });

    it('behavior: resendCode sends again for the same verification and checked destination, and waits for the code', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.resendCode' });
      expect(flow.actor.getSnapshot().value).toBe('sendingCode');
      await flow.until('awaitingCode');
      expect(flow.sendSpy).toHaveBeenLastCalledWith({ destination: channel.destination, verificationUUID: UUID, sentTo: channel.sentTo });
    });

    it("error: a failed resend keeps the code already sent (too many resends: 'Rate limit reached')", async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
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
      await flow.toAwaitingCode();
      flow.sendSpy.mockImplementationOnce(async () => {
        throw channel.tooMany();
      });
      flow.actor.send({ type: 'user.resendCode' });
      await flow.until('failed');
      expect(flow.actor.getSnapshot().hasTag('error')).toBe(true);
    });

    it('behavior: cancel while sending → idle, cleared', async () => {
      const flow = await setup(() => new Promise(() => undefined));
      flow.submit();
      flow.actor.send({ type: 'user.cancel' });
      expect(flow.actor.getSnapshot().value).toBe('idle');
      expect(flow.actor.getSnapshot().context).toMatchObject({ destination: undefined, sentTo: undefined, verificationUUID: undefined, error: undefined });
    });
  });

  describe('verifying the code', () => {
    it('default: awaitingCode → verifying (busy) → done; the session signs in', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: ' 123 456 ' });
      expect(flow.actor.getSnapshot().value).toBe('verifying');
      expect(flow.actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(flow.sessionStatus()).toBe('signingIn');
      await flow.until('done');
      expect(flow.verifySpy).toHaveBeenCalledWith({ verificationUUID: UUID, code: '123456', purpose: 'signIn' });
      expect(flow.sessionStatus()).toBe('signedIn');
      if ('email' in channel.user) expect(flow.client.session.getSnapshot().context.user?.email).toBe(channel.user.email);
    });

    it('behavior: the code is never kept in the context', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      expect(JSON.stringify(flow.actor.getSnapshot().context, (key, value) => (key === 'client' ? undefined : value))).not.toContain('123456');
      await flow.until('done');
    });

    it("error: a malformed code stays in awaitingCode with 'Invalid code' and sends nothing", async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      for (const code of ['', '12345', '1234567', 'abcdef']) {
        flow.actor.send({ type: 'user.submitCode', code });
        expect(flow.actor.getSnapshot().value).toBe('awaitingCode');
        expect(flow.actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_code', message: 'Invalid code' });
      }
      expect(flow.verifySpy).not.toHaveBeenCalled();
    });

    it("error: a wrong code returns to awaitingCode with 'The code is invalid or expired.'; the session is signed out again", async () => {
      const flow = await setup(undefined, async () => {
        throw channel.wrongCode();
      });
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '000000' });
      await flow.until('awaitingCode');
      const { error } = flow.actor.getSnapshot().context;
      expect(error?.code).toBe(channel.wrongCode().code);
      expect(error?.message).toBe('The code is invalid or expired.');
      expect(flow.sessionStatus()).toBe('signedOut');

      flow.verifySpy.mockImplementationOnce(async () => fakeSignIn(Date.now() + 3_600_000));
      flow.actor.send({ type: 'user.submitCode', code: '111111' });
      expect(flow.actor.getSnapshot().context.error).toBeUndefined();
      await flow.until('done');
    });

    it("error: the attempt limit ends in failed with the channel's sentence", async () => {
      const flow = await setup(undefined, async () => {
        throw channel.tooMany();
      });
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '000000' });
      await flow.until('failed');
      expect(flow.actor.getSnapshot().context.error?.message).toBe(channel.tooManyMessage);
      expect(flow.actor.getSnapshot().hasTag('error')).toBe(true);
      expect(flow.sessionStatus()).toBe('signedOut');
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      expect(flow.actor.getSnapshot().value).toBe('failed');
    });

    it('behavior: cancel while verifying → idle and the session back to signedOut', async () => {
      const flow = await setup(undefined, () => new Promise(() => undefined));
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      expect(flow.sessionStatus()).toBe('signingIn');
      flow.actor.send({ type: 'user.cancel' });
      expect(flow.actor.getSnapshot().value).toBe('idle');
      expect(flow.sessionStatus()).toBe('signedOut');
    });

    it('behavior: cancel while awaiting the code → idle, cleared', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.cancel' });
      expect(flow.actor.getSnapshot().context).toMatchObject({ destination: undefined, verificationUUID: undefined });
    });

    it('behavior: a finished flow starts over by itself when the session signs out (the UI resets nothing)', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      await flow.until('done');
      expect(flow.sessionStatus()).toBe('signedIn');
      flow.client.session.send({ type: 'user.signOut' });
      await flow.until('idle');
      expect(flow.actor.getSnapshot().context).toMatchObject({ destination: undefined, verificationUUID: undefined, error: undefined });
    });

    it('behavior: reset from done, failed and verifying goes back to idle', async () => {
      const flow = await setup();
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      await flow.until('done');
      flow.actor.send({ type: 'user.reset' });
      expect(flow.actor.getSnapshot().value).toBe('idle');

      flow.verifySpy.mockImplementationOnce(async () => {
        throw channel.tooMany();
      });
      await flow.toAwaitingCode();
      flow.actor.send({ type: 'user.submitCode', code: '123456' });
      await flow.until('failed');
      flow.actor.send({ type: 'user.reset' });
      expect(flow.actor.getSnapshot().context).toMatchObject({ destination: undefined, error: undefined });
    });
  });
});

describe('normalizeCode', () => {
  it('default: strips spaces and dashes', () => {
    expect(normalizeCode(' 123-456 ')).toBe('123456');
  });
});
