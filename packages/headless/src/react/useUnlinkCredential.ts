import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { unlinkCredentialMachine, unlinkCredentialStatus, type UnlinkCredentialStatus } from '../core/machines/unlinkCredential/unlinkCredentialMachine.js';
import type { UseStepUpReturnType } from './useStepUp.js';
import { useStepUpRetry } from './useStepUpRetry.js';

export interface UseUnlinkCredentialReturnType {
  status: UnlinkCredentialStatus;
  /** The credential being unlinked (or waiting for a step-up). */
  credentialId: string | undefined;
  /** The last credential unlinked. */
  unlinked: string | undefined;
  /** While the server wants a second factor first (`confirming`): the prompt's state and commands. */
  stepUp: UseStepUpReturnType | undefined;
  /** e.g. `forbidden_unlink_request` (the only sign-in method), `too_many_verification_attempts` after a step-up. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** POST /verify/unlink; the session takes the answer. A user with a second factor may be asked to confirm first (`stepUp`). */
  unlink(credentialId: string): void;
  reset(): void;
}

/** Unlinking one of the signed-in user's credentials (an e-mail, a number, a social account, a wallet), with the step-up the server may ask for. */
export function useUnlinkCredential(): UseUnlinkCredentialReturnType {
  const { actor, status, target, done, stepUp, error, isBusy } = useStepUpRetry(unlinkCredentialMachine, unlinkCredentialStatus, 'unlinkCredential');
  const commands = useMemo(
    () => ({
      unlink: (id: string) => actor.send({ type: 'user.submit', target: id }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, credentialId: target, unlinked: done, stepUp, error, isBusy, ...commands }),
    [status, target, done, stepUp, error, isBusy, commands],
  );
}
