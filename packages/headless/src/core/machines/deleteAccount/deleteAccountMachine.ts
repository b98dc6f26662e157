import { fromPromise } from 'xstate';
import { deleteUser } from '../../actions/deleteUser.js';
import type { StepUpMachineClient } from '../mfaDevices/stepUpMachine.js';
import { stepUpRetryMachine, type StepUpRetryRequestInput, type StepUpRetrySnapshot } from '../mfaDevices/stepUpRetryMachine.js';

export type {
  StepUpRetryActorRef as DeleteAccountActorRef,
  StepUpRetryContext as DeleteAccountContext,
  StepUpRetryEvent as DeleteAccountEvent,
  StepUpRetrySnapshot as DeleteAccountSnapshot,
} from '../mfaDevices/stepUpRetryMachine.js';

/** What deleting the account needs: the API (signed in), the session (signed out after; a step-up's fresh token), and what a step-up needs. */
export type DeleteAccountClient = StepUpMachineClient;

/**
 * Deleting the signed-in user's account — `stepUpRetryMachine` with DELETE /users: `user.submit` with the typed
 * confirmation ('DELETE') as `target` → deleting → deleted (the session is signed out). With a second factor, the
 * server refuses it with 403 `mfa_invalid_request` unless this session passed one in the last 5 minutes: then
 * confirming (the step-up, `stepUpMachine`, id `stepUp`) → deleting once more. Cancel deletes nothing. Other refusals
 * (`invalid_request` for another word) land in `error`.
 */
export const deleteAccountMachine = stepUpRetryMachine.provide({
  actors: {
    request: fromPromise<unknown, StepUpRetryRequestInput>(({ input }) => deleteUser(input.client, { confirmation: input.target })),
  },
});

export type DeleteAccountMachine = typeof deleteAccountMachine;
/** `confirming`: a step-up is asked for (its own status says where it stands); `deleted`: the account is gone. */
export type DeleteAccountStatus = 'idle' | 'deleting' | 'confirming' | 'deleted';

/** The status of a snapshot. */
export function deleteAccountStatus(snapshot: StepUpRetrySnapshot): DeleteAccountStatus {
  if (snapshot.value === 'requesting') return 'deleting';
  return snapshot.value === 'idle' && snapshot.context.done !== undefined ? 'deleted' : snapshot.value;
}
