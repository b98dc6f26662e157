import type { SignInResponse } from '@latchkey/protocol';
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { unlinkCredential } from '../../actions/unlinkCredential.js';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { isStepUpRequired } from '../mfaDevices/stepUp.js';
import { hasPassedStepUp, stepUpMachine, type StepUpEvent, type StepUpMachineClient, type StepUpOutput } from '../mfaDevices/stepUpMachine.js';

/** What unlinking needs: the API (signed in), the session (it takes the answer's token), and what a step-up needs. */
export type UnlinkCredentialClient = StepUpMachineClient;

export interface UnlinkCredentialContext {
  client: UnlinkCredentialClient;
  /** The credential being unlinked, or waiting for a step-up (it is retried once after one). */
  credentialId: string | undefined;
  /** The last credential this flow unlinked. */
  unlinked: string | undefined;
  /** The unlink's step-up passed: a second refusal is shown, not asked again. */
  steppedUp: boolean;
  error: LatchkeyError | undefined;
}

export type UnlinkCredentialEvent =
  /** POST /verify/unlink for one of the user's credentials (e-mail, phone, social account, wallet). */
  | { type: 'user.unlink'; credentialId: string }
  | StepUpEvent
  /** Leaves the step-up: nothing is unlinked. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const forget = { credentialId: undefined, steppedUp: false } as const;

/**
 * Unlinking a credential from the signed-in user: idle → unlinking → idle (the session takes the answer, the user
 * without it). With a second factor, the server refuses it with 403 `mfa_invalid_request` unless this session passed
 * one in the last 5 minutes: then confirming (the step-up, `stepUpMachine`, id `stepUp`) → unlinking once more.
 * Cancel leaves the credential linked. Other refusals (`forbidden_unlink_request` for the last one) land in `error`.
 */
export const unlinkCredentialMachine = setup({
  types: {
    context: {} as UnlinkCredentialContext,
    events: {} as UnlinkCredentialEvent,
    input: {} as { client: UnlinkCredentialClient },
    tags: {} as 'busy',
  },
  actors: {
    unlink: fromPromise<SignInResponse, { client: UnlinkCredentialClient; credentialId: string }>(({ input }) =>
      unlinkCredential(input.client, { verifiedCredentialId: input.credentialId }),
    ),
    stepUp: stepUpMachine,
  },
  actions: {
    assignCredential: assign((_, params: { credentialId: string }) => ({ credentialId: params.credentialId, steppedUp: false, error: undefined })),
    assignUnlinked: assign(({ context }) => ({ unlinked: context.credentialId, ...forget, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ ...forget, error: params.error === undefined ? undefined : toLatchkeyErrorSync(params.error) })),
    forgetStepUp: assign({ ...forget, error: undefined }),
    markSteppedUp: assign({ steppedUp: true }),
    handOverSignIn: ({ context }, params: { response: SignInResponse }) => context.client.session.send({ type: 'server.signedIn', response: params.response }),
    forwardToStepUp: sendTo('stepUp', ({ event }) => event as StepUpEvent),
    reset: assign({ ...forget, unlinked: undefined, error: undefined }),
  },
  guards: {
    // Asked once per unlink: after a passed step-up a second refusal is shown as it is.
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    hasPassed: (_, params: { output: StepUpOutput }) => hasPassedStepUp(params.output),
  },
}).createMachine({
  id: 'unlinkCredential',
  context: ({ input }) => ({ client: input.client, ...forget, unlinked: undefined, error: undefined }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: { 'user.unlink': { target: 'unlinking', actions: { type: 'assignCredential', params: ({ event }) => ({ credentialId: event.credentialId }) } } },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        src: 'unlink',
        input: ({ context }) => ({ client: context.client, credentialId: context.credentialId ?? '' }),
        onDone: { target: 'idle', actions: [{ type: 'handOverSignIn', params: ({ event }) => ({ response: event.output }) }, 'assignUnlinked'] },
        onError: [
          { guard: { type: 'canStepUp', params: errorParams }, target: 'confirming' },
          { target: 'idle', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    confirming: {
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => ({ client: context.client }),
        onDone: [
          { guard: { type: 'hasPassed', params: ({ event }) => ({ output: event.output }) }, target: 'unlinking', actions: 'markSteppedUp' },
          { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.output.error }) } },
        ],
      },
      on: {
        'user.stepUpWithCode': { actions: 'forwardToStepUp' },
        'user.stepUpWithRecoveryCode': { actions: 'forwardToStepUp' },
        'user.stepUpWithPasskey': { actions: 'forwardToStepUp' },
        'user.cancelStepUp': { target: 'idle', actions: 'forgetStepUp' },
      },
    },
  },
});

export type UnlinkCredentialMachine = typeof unlinkCredentialMachine;
export type UnlinkCredentialActorRef = ActorRefFrom<typeof unlinkCredentialMachine>;
export type UnlinkCredentialSnapshot = SnapshotFrom<typeof unlinkCredentialMachine>;
/** `confirming`: a step-up is asked for (its own status says where it stands). */
export type UnlinkCredentialStatus = 'idle' | 'unlinking' | 'confirming';

/** The status of a snapshot (its state's name). */
export function unlinkCredentialStatus(snapshot: UnlinkCredentialSnapshot): UnlinkCredentialStatus {
  return snapshot.value;
}
