import { EMAIL_PATTERN } from '@latchkey/protocol/constants';
import { assign, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createEmailVerification } from '../../actions/createEmailVerification.js';
import { retryEmailVerification } from '../../actions/retryEmailVerification.js';
import { signInWithEmailVerification } from '../../actions/signInWithEmailVerification.js';
import { verifyEmailVerification } from '../../actions/verifyEmailVerification.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import {
  attemptLimitGuard,
  codeVerificationMachine,
  codeVerificationStatus,
  type CodeVerificationStatus,
  type SendCodeInput,
  type SentCode,
  type VerifyCodeInput,
} from '../codeVerification/codeVerificationMachine.js';

export type {
  CodeVerificationClient as EmailSignInClient,
  CodeVerificationContext as EmailSignInContext,
  CodeVerificationEvent as EmailSignInEvent,
  CodeVerificationInput as EmailSignInInput,
} from '../codeVerification/codeVerificationMachine.js';

const isEmail = (value: unknown): value is string => typeof value === 'string' && EMAIL_PATTERN.test(value.trim());

/**
 * E-mail one-time-code sign-in: the code-verification machine with the e-mail channel — a malformed address stays
 * idle ('Enter a valid e-mail address.', `invalid_email_address`) before any request; the code goes to the trimmed
 * address (`/emailVerifications/create`, `/retry`); `/signin` signs in, or `/verify` adds the address to the
 * signed-in user (`purpose: 'link'`); the attempt limit is 'Too many email verification attempts.'.
 */
export const emailSignInMachine = codeVerificationMachine.provide({
  actors: {
    sendCode: fromPromise<SentCode, SendCodeInput>(async ({ input }) => {
      const email = String(input.destination).trim();
      const captchaToken = await input.client.captcha?.token();
      const captcha = captchaToken === undefined ? {} : { captchaToken };
      const created = input.verificationUUID
        ? await retryEmailVerification(input.client, { verificationUUID: input.verificationUUID, email, ...captcha })
        : await createEmailVerification(input.client, { email, ...captcha });
      return { verificationUUID: created.verificationUUID, sentTo: email };
    }),
    verifyCode: fromPromise(({ input }: { input: VerifyCodeInput }) => {
      const body = { verificationUUID: input.verificationUUID, verificationToken: input.code };
      return input.purpose === 'link' ? verifyEmailVerification(input.client, body) : signInWithEmailVerification(input.client, body);
    }),
  },
  guards: {
    isAcceptableDestination: (_, params: { destination: unknown }) => isEmail(params.destination),
    isAttemptLimit: attemptLimitGuard(['too_many_email_verification_attempts', 'too_many_verification_attempts']),
  },
  actions: {
    assignInvalidDestination: assign((_, params: { destination: unknown }) => ({
      destination: params.destination,
      sentTo: undefined,
      verificationUUID: undefined,
      error: new LatchkeyError('invalid_email_address', { message: 'Enter a valid e-mail address.', path: 'email' }),
    })),
  },
});

export type EmailSignInMachine = typeof emailSignInMachine;
export type EmailSignInActorRef = ActorRefFrom<EmailSignInMachine>;
export type EmailSignInSnapshot = SnapshotFrom<EmailSignInMachine>;
export type EmailSignInStatus = CodeVerificationStatus;
export const emailSignInStatus: (snapshot: EmailSignInSnapshot) => EmailSignInStatus = codeVerificationStatus;
