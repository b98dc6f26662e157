import type { SignInResponse } from '@latchkey/protocol';
import { VERIFICATION_CODE_LENGTH } from '@latchkey/protocol/constants';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CaptchaRunner } from '../../captcha/createCaptchaRunner.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { ApiClient } from '../../transport/createApi.js';
import { signInHandOver, watchSignOut, type Purpose, type SessionLink } from '../signInHandOver.js';

/** What a code flow needs from its client: the API, and the session it hands the sign-in to. */
export interface CodeVerificationClient extends ApiClient, SessionLink {
  /** The project's captcha, run before each code is sent (absent: none). */
  captcha?: CaptchaRunner;
}

export interface CodeVerificationInput {
  client: CodeVerificationClient;
  /** `signIn` (default), or `link`: the code adds the e-mail or number to the signed-in user. */
  purpose?: Purpose;
}

export interface CodeVerificationContext {
  client: CodeVerificationClient;
  purpose: Purpose;
  /** What the user entered: an e-mail address, or a phone number and its country. */
  destination: unknown;
  /** Where the code went, as the channel checked it (the trimmed address, the parsed number). */
  sentTo: unknown;
  verificationUUID: string | undefined;
  /**
   * A send refused by a rate limit ('Rate limit reached', too many attempts for this address) whose answer said when
   * to try again (`Retry-After`, `LatchkeyError.retryAfterSeconds`): the time (ms since the epoch) before which no
   * code is sent. Kept across cancel; cleared by the next code sent.
   */
  retryAt: number | undefined;
  error: LatchkeyError | undefined;
}

export type CodeVerificationEvent =
  | { type: 'user.submitDestination'; destination: unknown }
  | { type: 'user.submitCode'; code: string }
  | { type: 'user.resendCode' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

export type CodeVerificationStatus = 'idle' | 'sendingCode' | 'awaitingCode' | 'verifying' | 'done' | 'failed';

/** What a channel's `sendCode` actor gets: a first send has no verification yet; a resend reuses the checked destination. */
export interface SendCodeInput {
  client: CodeVerificationClient;
  destination: unknown;
  verificationUUID: string | undefined;
  sentTo: unknown;
}

export interface SentCode {
  verificationUUID: string;
  sentTo: unknown;
}

export interface VerifyCodeInput {
  client: CodeVerificationClient;
  purpose: Purpose;
  verificationUUID: string;
  code: string;
}

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** The code without the spaces or dashes people type or paste. */
export function normalizeCode(code: string): string {
  return typeof code === 'string' ? code.replace(/[\s-]/g, '') : '';
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
/** The server's limits on sending codes; with a `Retry-After` they mean "wait", not "give up". */
const SEND_RATE_LIMITS: ReadonlySet<string> = new Set(['too_many_requests', 'too_many_email_verification_attempts', 'too_many_sms_verification_attempts']);
const isWaitingRateLimit = (error: unknown) => error instanceof LatchkeyError && SEND_RATE_LIMITS.has(error.code) && error.retryAfterSeconds !== undefined;
const RESET = { destination: undefined, sentTo: undefined, verificationUUID: undefined, error: undefined } as const;
const notProvided = (name: string) => () => Promise.reject(new Error(`codeVerificationMachine: provide the channel's ${name} actor`));

/**
 * One-time-code verification, the machine the e-mail and SMS flows share, each specialised with `.provide(...)`
 * (its `sendCode` and `verifyCode` actors, `isAcceptableDestination`, `isAttemptLimit`, `assignInvalidDestination`):
 * idle → sendingCode → awaitingCode → verifying → done | failed. A destination the channel refuses at once stays idle
 * with its error; one refused while sending (the server, or a checker loaded on demand) returns to idle. A malformed
 * code is 'Invalid code' before any request; a wrong one returns to `awaitingCode` with the error; the attempt limit
 * ends in `failed`. A failed resend keeps the code already sent. The code travels in the event only, never in context.
 * A send refused by a rate limit with a `Retry-After` sets `retryAt` and goes back to the step it came from; no code
 * is sent before then (the UI counts down from `retryAt`).
 * With `purpose: 'link'` the code adds the destination to the signed-in user instead of signing in.
 */
export const codeVerificationMachine = setup({
  types: {
    context: {} as CodeVerificationContext,
    events: {} as CodeVerificationEvent,
    input: {} as CodeVerificationInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    sendCode: fromPromise<SentCode, SendCodeInput>(notProvided('sendCode')),
    verifyCode: fromPromise<SignInResponse, VerifyCodeInput>(notProvided('verifyCode')),
    watchSignOut,
  },
  actions: {
    ...signInHandOver,
    assignDestination: assign((_, params: { destination: unknown }) => ({ ...RESET, destination: params.destination })),
    assignSentCode: assign((_, params: SentCode) => ({ verificationUUID: params.verificationUUID, sentTo: params.sentTo, retryAt: undefined, error: undefined })),
    assignRateLimit: assign((_, params: { error: unknown }) => {
      const error = toLatchkeyErrorSync(params.error);
      return { error, retryAt: Date.now() + (error.retryAfterSeconds ?? 0) * 1000 };
    }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    // The channel says what an unacceptable destination is (the e-mail flow: 'Enter a valid e-mail address.').
    assignInvalidDestination: assign((_, params: { destination: unknown }) => ({
      ...RESET,
      destination: params.destination,
      error: new LatchkeyError('invalid_request', { message: 'This destination cannot receive a code.', path: 'destination' }),
    })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    reset: assign(RESET),
  },
  guards: {
    isAcceptableDestination: (_, _params: { destination: unknown }) => true,
    isWellFormedCode: (_, params: { code: string }) => CODE_PATTERN.test(normalizeCode(params.code)),
    isAttemptLimit: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && params.error.code === 'too_many_verification_attempts',
    hasVerification: ({ context }) => context.verificationUUID !== undefined,
    isRateLimited: (_, params: { error: unknown }) => isWaitingRateLimit(params.error),
    isRateLimitedResend: ({ context }, params: { error: unknown }) => isWaitingRateLimit(params.error) && context.verificationUUID !== undefined,
    isCoolingDown: ({ context }) => context.retryAt !== undefined && Date.now() < context.retryAt,
  },
}).createMachine({
  id: 'codeVerification',
  context: ({ input }) => ({ client: input.client, purpose: input.purpose ?? 'signIn', retryAt: undefined, ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: {
        'user.submitDestination': [
          // Until the rate limit's wait is over nothing is sent (the error says why, the UI counts down).
          { guard: 'isCoolingDown' },
          {
            guard: { type: 'isAcceptableDestination', params: ({ event }) => ({ destination: event.destination }) },
            target: 'sendingCode',
            actions: { type: 'assignDestination', params: ({ event }) => ({ destination: event.destination }) },
          },
          { actions: { type: 'assignInvalidDestination', params: ({ event }) => ({ destination: event.destination }) } },
        ],
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ client: context.client, destination: context.destination, verificationUUID: context.verificationUUID, sentTo: context.sentTo }),
        onDone: { target: 'awaitingCode', actions: { type: 'assignSentCode', params: ({ event }) => event.output } },
        onError: [
          // A rate limit that says when to try again is a wait: back to the step the send came from.
          {
            guard: { type: 'isRateLimitedResend', params: errorParams },
            target: 'awaitingCode',
            actions: { type: 'assignRateLimit', params: errorParams },
          },
          { guard: { type: 'isRateLimited', params: errorParams }, target: 'idle', actions: { type: 'assignRateLimit', params: errorParams } },
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
        'user.resendCode': [{ guard: 'isCoolingDown' }, { target: 'sendingCode', actions: 'clearError' }],
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
    // Left with `user.reset` (from any state), which a sign-out sends too: the next sign-in starts from the first step.
    done: {
      invoke: { src: 'watchSignOut', input: ({ context }) => ({ session: context.client.session }) },
    },
    failed: { tags: ['error'] },
  },
});

export type CodeVerificationMachine = typeof codeVerificationMachine;
export type CodeVerificationActorRef = ActorRefFrom<CodeVerificationMachine>;
export type CodeVerificationSnapshot = SnapshotFrom<CodeVerificationMachine>;

/** The flow's status (the machine's state). */
export function codeVerificationStatus(snapshot: CodeVerificationSnapshot): CodeVerificationStatus {
  return snapshot.value as CodeVerificationStatus;
}

/** Whether an error ends the flow: the server's attempt limits of this channel. */
export function attemptLimitGuard(codes: readonly string[]) {
  const limits = new Set(codes);
  return (_: unknown, params: { error: unknown }) => params.error instanceof LatchkeyError && limits.has(params.error.code);
}
