import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { smsSignInMachine, type SmsSignInSnapshot, type SmsSignInStatus } from '../core/machines/smsSignIn/smsSignInMachine.js';
import type { VerificationPurpose } from '../core/machines/verificationPurpose.js';
import type { ParsedPhone, PhoneInput } from '../core/validation/parsePhone.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSmsSignInParameters {
  /** `signIn` (default), or `verify`: the code adds the number to the signed-in user (POST /smsVerifications/verify). */
  purpose?: VerificationPurpose;
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
  sendCode(phone: PhoneInput): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: SmsSignInSnapshot) => snapshot.value as SmsSignInStatus;
const selectPhone = (snapshot: SmsSignInSnapshot) => snapshot.context.phone;
const selectSentTo = (snapshot: SmsSignInSnapshot) => snapshot.context.parsedPhone;
const selectError = (snapshot: SmsSignInSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: SmsSignInSnapshot) => snapshot.hasTag('busy');

/**
 * The SMS code sign-in flow, the same shape as `useEmailSignIn`: one per component that calls it;
 * success signs the session in (or, with `{ purpose: 'verify' }`, adds the number to the signed-in user).
 */
export function useSmsSignIn(parameters: UseSmsSignInParameters = {}): UseSmsSignInReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(smsSignInMachine, { input: { client, purpose: parameters.purpose ?? 'signIn' } });
  const status = useSelector(actor, selectStatus);
  const phone = useSelector(actor, selectPhone);
  const sentTo = useSelector(actor, selectSentTo);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const commands = useMemo(
    () => ({
      sendCode: (value: PhoneInput) => actor.send({ type: 'user.submitPhone', phone: value }),
      resendCode: () => actor.send({ type: 'user.resendCode' }),
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, phone, sentTo, error, isBusy, ...commands }),
    [status, phone, sentTo, error, isBusy, commands],
  );
}
