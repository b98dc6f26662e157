import type { MfaUserMethods } from '@latchkey/protocol';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { stepUpStatus, type StepUpActorRef, type StepUpSnapshot, type StepUpStatus } from '../core/machines/mfaDevices/stepUpMachine.js';

/** What a step-up is asked for: the action the server refused until the user confirms with a second factor. */
export type StepUpPurpose =
  | 'unlinkCredential'
  | 'deleteAccount'
  | 'deletePasskey'
  | 'addDevice'
  | 'showRecoveryCodes'
  | 'deleteDevice'
  | 'regenerateRecoveryCodes'
  | 'changeDevice'
  | 'reshareWallet'
  | 'backupWallet'
  | 'restoreWallet'
  | 'exportWallet';

/**
 * "Confirm it's you" while a flow's action waits for it (see `stepUpMachine`): the `stepUp` member of every hook whose
 * action may need one (`useMfaDevices`, `usePasskeyManager`, `useMfaEnrolment`, `useUnlinkCredential`,
 * `useDeleteAccount`), so one prompt renders them all.
 */
export interface UseStepUpReturnType {
  status: StepUpStatus;
  stepUpFor: StepUpPurpose;
  /** The user's second factors (each type of verified device, and whether a recovery code is left); undefined while loading or when unknown. */
  stepUpMethods: MfaUserMethods | undefined;
  /** A wrong answer: `mfa_invalid_code` ('Invalid code'), `invalid_code` for a malformed one, a passkey code of SPEC §8. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** With the authenticator app's current code; after it passes, the refused action runs once more. */
  stepUpWithCode(code: string): void;
  /** With a recovery code (it is spent). */
  stepUpWithRecoveryCode(code: string): void;
  /** With one of the user's MFA passkeys. */
  stepUpWithPasskey(): void;
  /** Leaves the step-up: the refused action is dropped and everything stays as it was. */
  cancelStepUp(): void;
}

/** The events a flow that invokes `stepUpMachine` takes for it. */
type StepUpFlowEvent =
  | { type: 'user.stepUpWithCode'; code: string }
  | { type: 'user.stepUpWithRecoveryCode'; code: string }
  | { type: 'user.stepUpWithPasskey' }
  | { type: 'user.cancelStepUp' };

const selectChild = (snapshot: { children: Record<string, AnyActorRef | undefined> }) => snapshot.children.stepUp as StepUpActorRef | undefined;
const selectStatus = (snapshot: StepUpSnapshot | undefined) => (snapshot ? stepUpStatus(snapshot) : undefined);
const selectMethods = (snapshot: StepUpSnapshot | undefined) => snapshot?.context.methods;
const selectError = (snapshot: StepUpSnapshot | undefined) => snapshot?.context.error;
const selectBusy = (snapshot: StepUpSnapshot | undefined) => snapshot?.hasTag('busy') === true;

/**
 * The step-up a flow's actor has invoked (id `stepUp`), or undefined when none runs. `stepUpFor` says what the flow
 * asked it for. Commands go to the flow, which forwards them (and stops the step-up on cancel).
 */
export function useStepUp(
  actor: Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> & { send(event: StepUpFlowEvent): void },
  stepUpFor: StepUpPurpose | undefined,
): UseStepUpReturnType | undefined {
  const child = useSelector(actor, selectChild);
  const status = useSelector(child, selectStatus);
  const stepUpMethods = useSelector(child, selectMethods);
  const error = useSelector(child, selectError);
  const isBusy = useSelector(child, selectBusy);
  const commands = useMemo(
    () => ({
      stepUpWithCode: (code: string) => actor.send({ type: 'user.stepUpWithCode', code }),
      stepUpWithRecoveryCode: (code: string) => actor.send({ type: 'user.stepUpWithRecoveryCode', code }),
      stepUpWithPasskey: () => actor.send({ type: 'user.stepUpWithPasskey' }),
      cancelStepUp: () => actor.send({ type: 'user.cancelStepUp' }),
    }),
    [actor],
  );
  return useMemo(
    () => (status && stepUpFor ? { status, stepUpFor, stepUpMethods, error, isBusy, ...commands } : undefined),
    [status, stepUpFor, stepUpMethods, error, isBusy, commands],
  );
}
