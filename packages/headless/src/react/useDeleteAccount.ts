import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { deleteAccountMachine, deleteAccountStatus, type DeleteAccountStatus } from '../core/machines/deleteAccount/deleteAccountMachine.js';
import type { UseStepUpReturnType } from './useStepUp.js';
import { useStepUpRetry } from './useStepUpRetry.js';

export interface UseDeleteAccountReturnType {
  status: DeleteAccountStatus;
  /** While the server wants a second factor first (`confirming`): the prompt's state and commands. */
  stepUp: UseStepUpReturnType | undefined;
  /** e.g. `invalid_request` for another word than 'DELETE', `too_many_verification_attempts` after a step-up. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /**
   * DELETE /users with the typed confirmation ('DELETE'); the user is signed out after. A user with a second factor may
   * be asked to confirm with it first (`stepUp`), then the account is deleted.
   */
  deleteAccount(confirmation: string): void;
  reset(): void;
}

/** Deleting the signed-in user's account (everything hanging off it goes too), with the step-up the server may ask for. */
export function useDeleteAccount(): UseDeleteAccountReturnType {
  const { actor, status, stepUp, error, isBusy } = useStepUpRetry(deleteAccountMachine, deleteAccountStatus, 'deleteAccount');
  const commands = useMemo(
    () => ({
      deleteAccount: (confirmation: string) => actor.send({ type: 'user.submit', target: confirmation }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(() => ({ status, stepUp, error, isBusy, ...commands }), [status, stepUp, error, isBusy, commands]);
}
