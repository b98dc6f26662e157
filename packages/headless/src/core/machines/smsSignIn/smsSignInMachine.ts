import type { SignInResponse } from '@latchkey/protocol';
import { VERIFICATION_CODE_LENGTH } from '@latchkey/protocol/constants';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createSmsVerification } from '../../actions/createSmsVerification.js';
import { retrySmsVerification } from '../../actions/retrySmsVerification.js';
import { signInWithSmsVerification } from '../../actions/signInWithSmsVerification.js';
import { verifySmsVerification } from '../../actions/verifySmsVerification.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import { parsePhone, type ParsedPhone, type PhoneInput } from '../../validation/parsePhone.js';
import type { SessionActorRef } from '../session/sessionMachine.js';
import type { VerificationPurpose } from '../verificationPurpose.js';

/** What the SMS flow needs from its client: the API, and the session it hands the sign-in to. */
export interface SmsSignInClient extends ApiClient {
  session: Pick<SessionActorRef, 'send'>;
}


export interface SmsSignInInput {
  client: SmsSignInClient;
  purpose?: VerificationPurpose;
}

export interface SmsSignInContext {
  client: SmsSignInClient;
  purpose: VerificationPurpose;
  /** The number as the user entered it. */
  phone: PhoneInput | undefined;
  /** The checked number the code was sent to. */
  parsedPhone: ParsedPhone | undefined;
  verificationUUID: string | undefined;
  error: LatchkeyError | undefined;
}

export type SmsSignInEvent =
  | { type: 'user.submitPhone'; phone: PhoneInput }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resendCode' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

/** Server codes that end the flow: the verification cannot be tried again. */
const ATTEMPT_LIMIT_CODES: ReadonlySet<string> = new Set(['too_many_sms_verification_attempts', 'too_many_verification_attempts']);

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The code without the spaces or dashes people type or paste. */
function normalizeCode(code: string): string {
  return typeof code === 'string' ? code.replace(/[\s-]/g, '') : '';
}

interface SentCode {
  verificationUUID: string;
  parsedPhone: ParsedPhone;
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const RESET = { phone: undefined, parsedPhone: undefined, verificationUUID: undefined, error: undefined } as const;

/**
 * SMS one-time-code sign-in: idle → sendingCode → awaitingCode → verifying → done | failed, the
 * same shape as the e-mail flow. The number is checked in `sendingCode` (the phone-number library
 * loads then, never before): a bad one returns to `idle` with 'Invalid phone number.'. A malformed
 * code is 'Invalid code' before any request; a wrong one returns to `awaitingCode` ('The code is
 * invalid or expired.'); the attempt limit ends in `failed`; too many resends is 'Rate limit
 * reached'. With `purpose: 'verify'` the code adds the number to the signed-in user instead.
 */
export const smsSignInMachine = setup({
  types: {
    context: {} as SmsSignInContext,
    events: {} as SmsSignInEvent,
    input: {} as SmsSignInInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    sendCode: fromPromise<SentCode, { client: SmsSignInClient; phone: PhoneInput; verificationUUID: string | undefined; parsedPhone: ParsedPhone | undefined }>(
      async ({ input }) => {
        const parsedPhone = input.parsedPhone ?? (await parsePhone(input.phone));
        const parts = { phoneCountryCode: parsedPhone.phoneCountryCode, phoneNumber: parsedPhone.phoneNumber, isoCountryCode: parsedPhone.isoCountryCode };
        const created = input.verificationUUID
          ? await retrySmsVerification(input.client, { verificationUUID: input.verificationUUID, ...parts })
          : await createSmsVerification(input.client, parts);
        return { verificationUUID: created.verificationUUID, parsedPhone };
      },
    ),
    verifyCode: fromPromise<SignInResponse, { client: SmsSignInClient; purpose: VerificationPurpose; verificationUUID: string; code: string }>(
      ({ input }) => {
        const body = { verificationUUID: input.verificationUUID, verificationToken: input.code };
        return input.purpose === 'verify' ? verifySmsVerification(input.client, body) : signInWithSmsVerification(input.client, body);
      },
    ),
  },
  actions: {
    assignPhone: assign((_, params: { phone: PhoneInput }) => ({ phone: params.phone, parsedPhone: undefined, verificationUUID: undefined, error: undefined })),
    assignSentCode: assign((_, params: SentCode) => ({ verificationUUID: params.verificationUUID, parsedPhone: params.parsedPhone, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
    // A verification for a signed-in user leaves the session as it is until the answer arrives.
    notifySignInStarted: ({ context }) => {
      if (context.purpose === 'signIn') context.client.session.send({ type: 'user.startSignIn' });
    },
    notifySignInEnded: ({ context }) => {
      if (context.purpose === 'signIn') context.client.session.send({ type: 'user.cancelSignIn' });
    },
    handOverSignIn: ({ context }, params: { response: SignInResponse }) =>
      context.client.session.send({ type: 'server.signedIn', response: params.response }),
  },
  guards: {
    isWellFormedCode: (_, params: { code: string }) => CODE_PATTERN.test(normalizeCode(params.code)),
    isAttemptLimit: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && ATTEMPT_LIMIT_CODES.has(params.error.code),
    hasVerification: ({ context }) => context.verificationUUID !== undefined,
  },
}).createMachine({
  id: 'smsSignIn',
  context: ({ input }) => ({ client: input.client, purpose: input.purpose ?? 'signIn', ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.submitPhone': { target: 'sendingCode', actions: { type: 'assignPhone', params: ({ event }) => ({ phone: event.phone }) } },
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({
          client: context.client,
          phone: context.phone as PhoneInput,
          verificationUUID: context.verificationUUID,
          parsedPhone: context.parsedPhone,
        }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'assignSentCode', params: ({ event }) => event.output },
        },
        onError: [
          { guard: { type: 'isAttemptLimit', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          // A failed resend keeps the code already sent.
          { guard: 'hasVerification', target: 'awaitingCode', actions: { type: 'assignError', params: errorParams } },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
    },
    awaitingCode: {
      on: {
        'user.submitCode': [
          { guard: { type: 'isWellFormedCode', params: ({ event }) => ({ code: event.code }) }, target: 'verifying', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.resendCode': { target: 'sendingCode', actions: 'clearError' },
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    verifying: {
      tags: ['busy'],
      entry: 'notifySignInStarted',
      invoke: {
        src: 'verifyCode',
        // The code travels in the event only; it is never kept in context.
        input: ({ context, event }) => ({
          client: context.client,
          purpose: context.purpose,
          verificationUUID: context.verificationUUID as string,
          code: event.type === 'user.submitCode' ? normalizeCode(event.code) : '',
        }),
        onDone: { target: 'done', actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          {
            guard: { type: 'isAttemptLimit', params: errorParams },
            target: 'failed',
            actions: ['notifySignInEnded', { type: 'assignError', params: errorParams }],
          },
          // Wrong or expired code, a conflict, a network failure…: the user may try again or ask for a new code.
          { target: 'awaitingCode', actions: ['notifySignInEnded', { type: 'assignError', params: errorParams }] },
        ],
      },
      on: {
        'user.cancel': { target: 'idle', actions: ['notifySignInEnded', 'reset'] },
        'user.reset': { target: 'idle', actions: ['notifySignInEnded', 'reset'] },
      },
    },
    // Left with `user.reset` (from any state).
    done: {},
    failed: { tags: ['error'] },
  },
});

export type SmsSignInMachine = typeof smsSignInMachine;
export type SmsSignInActorRef = ActorRefFrom<typeof smsSignInMachine>;
export type SmsSignInSnapshot = SnapshotFrom<typeof smsSignInMachine>;
export type SmsSignInStatus = 'idle' | 'sendingCode' | 'awaitingCode' | 'verifying' | 'done' | 'failed';
