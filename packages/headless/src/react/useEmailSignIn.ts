import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { emailSignInMachine, type EmailSignInStatus } from '../core/machines/emailSignIn/emailSignInMachine.js';
import type { Purpose } from '../core/machines/signInHandOver.js';
import { useCodeVerification } from './useCodeVerification.js';

export interface UseEmailSignInParameters {
  /** `signIn` (default), or `link`: the code adds the e-mail to the signed-in user (POST /emailVerifications/verify). */
  purpose?: Purpose;
}

export interface UseEmailSignInReturnType {
  status: EmailSignInStatus;
  /** The address the code was (or is being) sent to, trimmed. */
  email: string | undefined;
  /** e.g. `wrong_email_verification_token` ('The code is invalid or expired.') back in `awaitingCode`. */
  error: LatchkeyError | undefined;
  /** True while a code is sent or verified. */
  isBusy: boolean;
  /**
   * After a send refused by a rate limit ('Rate limit reached', too many attempts for this address) that said when to
   * try again (`error.retryAfterSeconds`): when a code may be sent again (ms since the epoch); sends wait until then.
   */
  retryAt: number | undefined;
  /** Whole seconds until `retryAt`, counting down once a second (0: a code may be sent). */
  retryInSeconds: number;
  sendCode(email: string): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

/**
 * The e-mail code sign-in flow, one per component that calls it; success signs the session in. With
 * `{ purpose: 'link' }` it adds a verified e-mail to the signed-in user instead (conflicts such as
 * `user_has_already_account_with_email` come back in `awaitingCode` as `error`).
 */
export function useEmailSignIn(parameters: UseEmailSignInParameters = {}): UseEmailSignInReturnType {
  const view = useCodeVerification(emailSignInMachine, parameters.purpose);
  return useMemo(() => {
    const { destination, sentTo, ...flow } = view;
    return { ...flow, email: (sentTo ?? (typeof destination === 'string' ? destination.trim() : undefined)) as string | undefined };
  }, [view]);
}
