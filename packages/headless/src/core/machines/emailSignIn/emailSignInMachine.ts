import type { SignInResponse, VerificationCreated } from '@latchkey/protocol';
import { VERIFICATION_CODE_LENGTH } from '@latchkey/protocol/constants';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createEmailVerification } from '../../actions/createEmailVerification.js';
import { retryEmailVerification } from '../../actions/retryEmailVerification.js';
import { signInWithEmailVerification } from '../../actions/signInWithEmailVerification.js';
import { verifyEmailVerification } from '../../actions/verifyEmailVerification.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import { validateEmail } from '../../validation/validateEmail.js';
import type { SessionActorRef } from '../session/sessionMachine.js';
import type { VerificationPurpose } from '../verificationPurpose.js';

/** What the e-mail flow needs from its client: the API, and the session it hands the sign-in to. */
export interface EmailSignInClient extends ApiClient {
  session: Pick<SessionActorRef, 'send'>;
}

export interface EmailSignInInput {
  client: EmailSignInClient;
  /** `signIn` (default), or `verify`: add the e-mail to the signed-in user. */
  purpose?: VerificationPurpose;
}

export interface EmailSignInContext {
  client: EmailSignInClient;
  purpose: VerificationPurpose;
  /** The address as the user entered it (trimmed once valid). */
  email: string | undefined;
  verificationUUID: string | undefined;
  error: LatchkeyError | undefined;
}

export type EmailSignInEvent =
  | { type: 'user.submitEmail'; email: string }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resendCode' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

/** Server codes that end the flow: the verification cannot be tried again. */
const ATTEMPT_LIMIT_CODES: ReadonlySet<string> = new Set([
  'too_many_email_verification_attempts',
  'too_many_verification_attempts',
]);

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The code without the spaces or dashes people type or paste. */
export function normalizeCode(code: string): string {
  return typeof code === 'string' ? code.replace(/[\s-]/g, '') : '';
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const RESET = { email: undefined, verificationUUID: undefined, error: undefined } as const;

/**
 * E-mail one-time-code sign-in: idle → sendingCode → awaitingCode → verifying → done | failed.
 * A malformed address or code fails before any request. A wrong code returns to `awaitingCode`
 * with the error ('The code is invalid or expired.'); the attempt limit ends in `failed`
 * ('Too many email verification attempts.'). On success the sign-in response goes to the session.
 */
export const emailSignInMachine = setup({
  types: {
    context: {} as EmailSignInContext,
    events: {} as EmailSignInEvent,
    input: {} as EmailSignInInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    sendCode: fromPromise<VerificationCreated, { client: EmailSignInClient; email: string; verificationUUID: string | undefined }>(
      ({ input }) =>
        input.verificationUUID
          ? retryEmailVerification(input.client, { verificationUUID: input.verificationUUID, email: input.email })
          : createEmailVerification(input.client, { email: input.email }),
    ),
    verifyCode: fromPromise<SignInResponse, { client: EmailSignInClient; purpose: VerificationPurpose; verificationUUID: string; code: string }>(
      ({ input }) => {
        const body = { verificationUUID: input.verificationUUID, verificationToken: input.code };
        return input.purpose === 'verify' ? verifyEmailVerification(input.client, body) : signInWithEmailVerification(input.client, body);
      },
    ),
  },
  actions: {
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email.trim(), verificationUUID: undefined, error: undefined })),
    assignVerification: assign((_, params: { verificationUUID: string }) => ({
      verificationUUID: params.verificationUUID,
      error: undefined,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidEmail: assign((_, params: { email: string }) => ({
      email: params.email,
      error: new LatchkeyError('invalid_email_address', { message: 'Enter a valid e-mail address.', path: 'email' }),
    })),
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
    isValidEmail: (_, params: { email: string }) => {
      try {
        validateEmail(params.email);
        return true;
      } catch {
        return false;
      }
    },
    isWellFormedCode: (_, params: { code: string }) => CODE_PATTERN.test(normalizeCode(params.code)),
    isAttemptLimit: (_, params: { error: unknown }) =>
      params.error instanceof LatchkeyError && ATTEMPT_LIMIT_CODES.has(params.error.code),
    hasVerification: ({ context }) => context.verificationUUID !== undefined,
  },
}).createMachine({
  id: 'emailSignIn',
  context: ({ input }) => ({ client: input.client, purpose: input.purpose ?? 'signIn', ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.submitEmail': [
          {
            guard: { type: 'isValidEmail', params: ({ event }) => ({ email: event.email }) },
            target: 'sendingCode',
            actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) },
          },
          { actions: { type: 'assignInvalidEmail', params: ({ event }) => ({ email: event.email }) } },
        ],
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({
          client: context.client,
          email: context.email as string,
          verificationUUID: context.verificationUUID,
        }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'assignVerification', params: ({ event }) => ({ verificationUUID: event.output.verificationUUID }) },
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
          {
            guard: { type: 'isWellFormedCode', params: ({ event }) => ({ code: event.code }) },
            target: 'verifying',
            actions: 'clearError',
          },
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
        onDone: {
          target: 'done',
          actions: { type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isAttemptLimit', params: errorParams },
            target: 'failed',
            actions: ['notifySignInEnded', { type: 'assignError', params: errorParams }],
          },
          // Wrong or expired code, network failure…: the user may try again or ask for a new code.
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

export type EmailSignInMachine = typeof emailSignInMachine;
export type EmailSignInActorRef = ActorRefFrom<typeof emailSignInMachine>;
export type EmailSignInSnapshot = SnapshotFrom<typeof emailSignInMachine>;
export type EmailSignInStatus = 'idle' | 'sendingCode' | 'awaitingCode' | 'verifying' | 'done' | 'failed';
