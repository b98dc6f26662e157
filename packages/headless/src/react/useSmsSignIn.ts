import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { Purpose } from '../core/machines/signInHandOver.js';
import { smsSignInMachine, type SmsSignInStatus } from '../core/machines/smsSignIn/smsSignInMachine.js';
import type { ParsedPhone, PhoneInput } from '../core/validation/parsePhone.js';
import { useCodeVerification } from './useCodeVerification.js';

export interface UseSmsSignInParameters {
  /** `signIn` (default), or `link`: the code adds the number to the signed-in user (POST /smsVerifications/verify). */
  purpose?: Purpose;
}

export interface UseSmsSignInReturnType {
  status: SmsSignInStatus;
  /** The number as entered (digits and picked country). */
  phone: PhoneInput | undefined;
  /** The checked number the code was sent to (`e164`, `international`, wire parts), once sent. */
  sentTo: ParsedPhone | undefined;
  /** e.g. `invalid_phone` ('Invalid phone number.') in `idle`, `wrong_sms_verification_token` in `awaitingCode`. */
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
  sendCode(phone: PhoneInput): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

/**
 * The SMS code sign-in flow, the same machine as `useEmailSignIn` with the SMS channel: one per component that calls
 * it; success signs the session in (or, with `{ purpose: 'link' }`, adds the number to the signed-in user).
 */
export function useSmsSignIn(parameters: UseSmsSignInParameters = {}): UseSmsSignInReturnType {
  const view = useCodeVerification(smsSignInMachine, parameters.purpose);
  return useMemo(() => {
    const { destination, sentTo, ...flow } = view;
    return { ...flow, phone: destination as PhoneInput | undefined, sentTo: sentTo as ParsedPhone | undefined };
  }, [view]);
}
