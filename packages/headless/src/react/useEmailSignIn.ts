import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  emailSignInMachine,
  type EmailSignInSnapshot,
  type EmailSignInStatus,
} from '../core/machines/emailSignIn/emailSignInMachine.js';
import type { VerificationPurpose } from '../core/machines/verificationPurpose.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseEmailSignInParameters {
  /** `signIn` (default), or `verify`: the code adds the e-mail to the signed-in user (POST /emailVerifications/verify). */
  purpose?: VerificationPurpose;
}

export interface UseEmailSignInReturnType {
  status: EmailSignInStatus;
  /** The address the code was (or is being) sent to. */
  email: string | undefined;
  /** e.g. `wrong_email_verification_token` ('The code is invalid or expired.') back in `awaitingCode`. */
  error: LatchkeyError | undefined;
  /** True while a code is sent or verified. */
  isBusy: boolean;
  sendCode(email: string): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: EmailSignInSnapshot) => snapshot.value as EmailSignInStatus;
const selectEmail = (snapshot: EmailSignInSnapshot) => snapshot.context.email;
const selectError = (snapshot: EmailSignInSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: EmailSignInSnapshot) => snapshot.hasTag('busy');

/**
 * The e-mail code sign-in flow, one per component that calls it; success signs the session in. With
 * `{ purpose: 'verify' }` it adds a verified e-mail to the signed-in user instead (conflicts such as
 * `user_has_already_account_with_email` come back in `awaitingCode` as `error`).
 */
export function useEmailSignIn(parameters: UseEmailSignInParameters = {}): UseEmailSignInReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(emailSignInMachine, { input: { client, purpose: parameters.purpose ?? 'signIn' } });
  const status = useSelector(actor, selectStatus);
  const email = useSelector(actor, selectEmail);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const commands = useMemo(
    () => ({
      sendCode: (address: string) => actor.send({ type: 'user.submitEmail', email: address }),
      resendCode: () => actor.send({ type: 'user.resendCode' }),
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(() => ({ status, email, error, isBusy, ...commands }), [status, email, error, isBusy, commands]);
}
