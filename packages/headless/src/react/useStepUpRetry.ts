import { useActorRef, useSelector } from '@xstate/react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { StepUpRetryActorRef, StepUpRetryMachine, StepUpRetrySnapshot } from '../core/machines/mfaDevices/stepUpRetryMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useStepUp, type StepUpPurpose, type UseStepUpReturnType } from './useStepUp.js';

export interface UseStepUpRetryReturnType<S extends string> {
  /** The flow's actor: `user.submit`, `user.reset` (step-up commands go through `stepUp`). */
  actor: StepUpRetryActorRef;
  status: S;
  /** The request under way or waiting for a step-up. */
  target: string | undefined;
  /** The last request that went through. */
  done: string | undefined;
  stepUp: UseStepUpReturnType | undefined;
  error: LatchkeyError | undefined;
  isBusy: boolean;
}

const selectTarget = (snapshot: StepUpRetrySnapshot) => snapshot.context.target;
const selectDone = (snapshot: StepUpRetrySnapshot) => snapshot.context.done;
const selectError = (snapshot: StepUpRetrySnapshot) => snapshot.context.error;
const selectBusy = (snapshot: StepUpRetrySnapshot) => snapshot.hasTag('busy');

/**
 * Runs a specialisation of `stepUpRetryMachine` for a hook (`useUnlinkCredential`, `useDeleteAccount`)
 * and reads it with narrow selectors: the status by the machine's reader (`confirming` shows the step-up), and the
 * `stepUp` member the prompt takes, asked for `stepUpFor`. Not exported: each hook names its own members.
 */
export function useStepUpRetry<S extends string>(machine: StepUpRetryMachine, readStatus: (snapshot: StepUpRetrySnapshot) => S, stepUpFor: StepUpPurpose): UseStepUpRetryReturnType<S> {
  const client = useLatchkeyClient();
  const actor = useActorRef(machine, { input: { client } });
  const status = useSelector(actor, readStatus);
  const target = useSelector(actor, selectTarget);
  const done = useSelector(actor, selectDone);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const stepUp = useStepUp(actor, status === 'confirming' ? stepUpFor : undefined);
  return { actor, status, target, done, stepUp, error, isBusy: isBusy || stepUp?.isBusy === true };
}
