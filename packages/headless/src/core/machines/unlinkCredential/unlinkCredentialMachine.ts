import { fromPromise } from 'xstate';
import { unlinkCredential } from '../../actions/unlinkCredential.js';
import type { StepUpMachineClient } from '../mfaDevices/stepUpMachine.js';
import { stepUpRetryMachine, type StepUpRetryRequestInput, type StepUpRetrySnapshot } from '../mfaDevices/stepUpRetryMachine.js';

export type {
  StepUpRetryActorRef as UnlinkCredentialActorRef,
  StepUpRetryContext as UnlinkCredentialContext,
  StepUpRetryEvent as UnlinkCredentialEvent,
  StepUpRetrySnapshot as UnlinkCredentialSnapshot,
} from '../mfaDevices/stepUpRetryMachine.js';

/** What unlinking needs: the API (signed in), the session (it takes the answer's token), and what a step-up needs. */
export type UnlinkCredentialClient = StepUpMachineClient;

/**
 * Unlinking a credential from the signed-in user — `stepUpRetryMachine` with POST /verify/unlink: `user.submit` with
 * the credential's id as `target` → unlinking → idle (the session takes the answer, the user without it; `done` is the
 * id). With a second factor, the server refuses it with 403 `mfa_invalid_request` unless this session passed one in
 * the last 5 minutes: then confirming (the step-up, `stepUpMachine`, id `stepUp`) → unlinking once more. Cancel leaves
 * the credential linked. Other refusals (`forbidden_unlink_request` for the last one) land in `error`.
 */
export const unlinkCredentialMachine = stepUpRetryMachine.provide({
  actors: {
    request: fromPromise<unknown, StepUpRetryRequestInput>(async ({ input }) => {
      const response = await unlinkCredential(input.client, { verifiedCredentialId: input.target });
      input.client.session.send({ type: 'server.signedIn', response });
    }),
  },
});

export type UnlinkCredentialMachine = typeof unlinkCredentialMachine;
/** `confirming`: a step-up is asked for (its own status says where it stands). */
export type UnlinkCredentialStatus = 'idle' | 'unlinking' | 'confirming';

/** The status of a snapshot. */
export function unlinkCredentialStatus(snapshot: StepUpRetrySnapshot): UnlinkCredentialStatus {
  return snapshot.value === 'requesting' ? 'unlinking' : snapshot.value;
}
