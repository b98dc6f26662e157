import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { Purpose } from '../core/machines/signInHandOver.js';
import type { SocialSignInStatus } from '../core/machines/socialSignIn/socialSignInMachine.js';
import { useSocialSignIn, type UseSocialSignInParameters } from './useSocialSignIn.js';

export interface UseTelegramSignInReturnType {
  status: SocialSignInStatus;
  purpose: Purpose;
  /** e.g. `telegram_invalid_state` ('Failed to connect telegram account: Invalid random state'), `user_cancelled_connection`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Call it from the click handler itself: the Telegram login popup opens synchronously. */
  signIn(): void;
  /** Links the Telegram account to the signed-in user. */
  link(): void;
  cancel(): void;
  reset(): void;
}

/** Telegram sign-in through the product's /telegram/auth page in a popup; the returned state must match. */
export function useTelegramSignIn(parameters: Omit<UseSocialSignInParameters, 'completeRedirectOnMount'> = {}): UseTelegramSignInReturnType {
  const flow = useSocialSignIn({ ...parameters, completeRedirectOnMount: false });
  return useMemo(
    () => ({
      status: flow.status,
      purpose: flow.purpose,
      error: flow.error,
      isBusy: flow.isBusy,
      signIn: () => flow.signIn('telegram'),
      link: () => flow.link('telegram'),
      cancel: flow.cancel,
      reset: flow.reset,
    }),
    [flow],
  );
}
