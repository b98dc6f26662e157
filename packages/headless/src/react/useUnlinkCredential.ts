import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  unlinkCredentialMachine,
  unlinkCredentialStatus,
  type UnlinkCredentialSnapshot,
  type UnlinkCredentialStatus,
} from '../core/machines/unlinkCredential/unlinkCredentialMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useStepUp, type UseStepUpReturnType } from './useStepUp.js';

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

const selectStatus = (snapshot: UnlinkCredentialSnapshot) => unlinkCredentialStatus(snapshot);
const selectCredential = (snapshot: UnlinkCredentialSnapshot) => snapshot.context.credentialId;
const selectUnlinked = (snapshot: UnlinkCredentialSnapshot) => snapshot.context.unlinked;
const selectError = (snapshot: UnlinkCredentialSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: UnlinkCredentialSnapshot) => snapshot.hasTag('busy');

/** Unlinking one of the signed-in user's credentials (an e-mail, a number, a social account, a wallet), with the step-up the server may ask for. */
export function useUnlinkCredential(): UseUnlinkCredentialReturnType {
  const client = useLatchkeyClient();
  const actor = useActorRef(unlinkCredentialMachine, { input: { client } });
  const status = useSelector(actor, selectStatus);
  const credentialId = useSelector(actor, selectCredential);
  const unlinked = useSelector(actor, selectUnlinked);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const stepUp = useStepUp(actor, status === 'confirming' ? 'unlinkCredential' : undefined);
  const commands = useMemo(
    () => ({
      unlink: (id: string) => actor.send({ type: 'user.unlink', credentialId: id }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, credentialId, unlinked, stepUp, error, isBusy: isBusy || stepUp?.isBusy === true, ...commands }),
    [status, credentialId, unlinked, stepUp, error, isBusy, commands],
  );
}
