import type { MfaUserMethods, SignInResponse } from '@latchkey/protocol';
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Logger } from '../../logger/createLogger.js';
import { isWarnOnlyPasskeyError } from '../../webauthn/toPasskeyError.js';
import type { SessionActorRef } from '../session/sessionMachine.js';
import { isEndingMfaError, isWellFormedStepUpCode, stepUpActors, type StepUpClient } from './stepUp.js';

/** What a step-up needs: the API (its bearer the session's), WebAuthn for a passkey, the session (it takes the fresh token), the logger. */
export interface StepUpMachineClient extends StepUpClient {
  session: Pick<SessionActorRef, 'send'>;
  logger: Pick<Logger, 'warn'>;
}

/** The events a step-up takes; a flow that invokes `stepUpMachine` forwards them (cancel is the flow's own: it stops the step-up). */
export type StepUpEvent =
  /** Step-up with the authenticator app's current code. */
  | { type: 'user.stepUpWithCode'; code: string }
  /** Step-up with one of the user's recovery codes (it is spent). */
  | { type: 'user.stepUpWithRecoveryCode'; code: string }
  /** Step-up with one of the user's MFA passkeys. */
  | { type: 'user.stepUpWithPasskey' };

export interface StepUpOutput {
  /** `passed`: the session holds the fresh token, the refused action may run once more; `failed`: `error` ended it. */
  outcome: 'passed' | 'failed';
  error: LatchkeyError | undefined;
}

export interface StepUpContext {
  client: StepUpMachineClient;
  /** The user's second factors (GET /users/mfa/methods); undefined while loading, or when they could not be loaded. */
  methods: MfaUserMethods | undefined;
  /** A wrong answer's error while the prompt stays; the one that ended it in `failed`. */
  error: LatchkeyError | undefined;
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const passed = {
  target: 'passed',
  actions: { type: 'handOverSignIn', params: ({ event }: { event: { output: SignInResponse } }) => ({ response: event.output }) },
} as const;
const ended = { guard: { type: 'isEnding', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } } as const;

/**
 * "Confirm it's you", for a flow whose action the server refused with 403 `mfa_invalid_request` (no second factor
 * passed by this session in the last 5 minutes): loadingStepUpMethods → awaitingStepUp (the user's methods) →
 * steppingUp (a code) or steppingUpWithPasskey → the fresh sign-in response goes to the session → done with
 * `{ outcome: 'passed' }`, and the flow runs its action once more. A wrong code stays in awaitingStepUp with the
 * spec's error; too many attempts end with `{ outcome: 'failed', error }`. The flow invokes it (id `stepUp`) and
 * cancels by leaving the state that invokes it (a passkey ceremony under way is aborted).
 */
export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    input: {} as { client: StepUpMachineClient },
    output: {} as StepUpOutput,
    tags: {} as 'busy',
  },
  actors: stepUpActors,
  actions: {
    assignMethods: assign((_, params: { methods: MfaUserMethods | undefined }) => ({ methods: params.methods })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignInvalidCode: assign(() => ({ error: new LatchkeyError('invalid_code', { path: 'code' }) })),
    clearError: assign({ error: undefined }),
    // The step-up's answer is a sign-in response for the same session: its fresh token goes to the session.
    handOverSignIn: ({ context }, params: { response: SignInResponse }) => context.client.session.send({ type: 'server.signedIn', response: params.response }),
    logWarning: ({ context }, params: { error: unknown }) => {
      const error = toLatchkeyErrorSync(params.error);
      context.client.logger.warn(error.message, { code: error.code });
    },
  },
  guards: {
    isWellFormedCode: (_, params: { code: string }) => isWellFormedStepUpCode('totp', params.code),
    isWellFormedRecoveryCode: (_, params: { code: string }) => isWellFormedStepUpCode('recovery', params.code),
    isEnding: (_, params: { error: unknown }) => isEndingMfaError(params.error),
    isWarnOnly: (_, params: { error: unknown }) => isWarnOnlyPasskeyError(params.error),
  },
}).createMachine({
  id: 'stepUp',
  context: ({ input }) => ({ client: input.client, methods: undefined, error: undefined }),
  initial: 'loadingStepUpMethods',
  output: ({ context }) => ({ outcome: context.error ? 'failed' : 'passed', error: context.error }),
  states: {
    // Which second factors can the user confirm with? Unknown (a failed request) → the code forms.
    loadingStepUpMethods: {
      tags: ['busy'],
      invoke: {
        src: 'loadStepUpMethods',
        input: ({ context }) => ({ client: context.client }),
        onDone: { target: 'awaitingStepUp', actions: { type: 'assignMethods', params: ({ event }) => ({ methods: event.output }) } },
        onError: { target: 'awaitingStepUp', actions: { type: 'logWarning', params: errorParams } },
      },
    },
    awaitingStepUp: {
      on: {
        'user.stepUpWithCode': [
          { guard: { type: 'isWellFormedCode', params: codeParams }, target: 'steppingUp', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.stepUpWithRecoveryCode': [
          { guard: { type: 'isWellFormedRecoveryCode', params: codeParams }, target: 'steppingUp', actions: 'clearError' },
          { actions: 'assignInvalidCode' },
        ],
        'user.stepUpWithPasskey': { target: 'steppingUpWithPasskey', actions: 'clearError' },
      },
    },
    steppingUp: {
      tags: ['busy'],
      invoke: {
        src: 'stepUpWithCode',
        input: ({ context, event }) => ({
          client: context.client,
          method: event.type === 'user.stepUpWithRecoveryCode' ? ('recovery' as const) : ('totp' as const),
          code: event.type === 'user.stepUpWithCode' || event.type === 'user.stepUpWithRecoveryCode' ? event.code : '',
        }),
        onDone: passed,
        onError: [ended, { target: 'awaitingStepUp', actions: { type: 'assignError', params: errorParams } }],
      },
    },
    // A passkey ceremony; closing the browser's prompt is only logged (SPEC §8 warn-only) and the prompt stays.
    steppingUpWithPasskey: {
      tags: ['busy'],
      invoke: {
        src: 'stepUpWithPasskey',
        input: ({ context }) => ({ client: context.client }),
        onDone: passed,
        onError: [
          ended,
          { guard: { type: 'isWarnOnly', params: errorParams }, target: 'awaitingStepUp', actions: { type: 'logWarning', params: errorParams } },
          { target: 'awaitingStepUp', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    passed: { type: 'final', entry: 'clearError' },
    failed: { type: 'final' },
  },
});

export type StepUpMachine = typeof stepUpMachine;
export type StepUpActorRef = ActorRefFrom<typeof stepUpMachine>;
export type StepUpSnapshot = SnapshotFrom<typeof stepUpMachine>;
/** Where a step-up stands (the instant after it ends reads as `steppingUp`: its flow is already moving on). */
export type StepUpStatus = 'loadingStepUpMethods' | 'awaitingStepUp' | 'steppingUp' | 'steppingUpWithPasskey';

/** The status of a step-up's snapshot. */
export function stepUpStatus(snapshot: StepUpSnapshot): StepUpStatus {
  return snapshot.value === 'passed' || snapshot.value === 'failed' ? 'steppingUp' : snapshot.value;
}

/** A refused action's step-up outcome, from the invoking flow's `onDone` event. */
export function hasPassedStepUp(output: StepUpOutput | undefined): boolean {
  return output?.outcome === 'passed';
}

/**
 * The user's answers while a flow is `confirming`, forwarded to its invoked step-up (id `stepUp`) by the flow's own
 * `forwardToStepUp` action (`sendTo('stepUp', …)`). Spread into the confirming state's `on`, beside its cancel.
 */
export const stepUpAnswers = {
  'user.stepUpWithCode': { actions: 'forwardToStepUp' },
  'user.stepUpWithRecoveryCode': { actions: 'forwardToStepUp' },
  'user.stepUpWithPasskey': { actions: 'forwardToStepUp' },
} as const;
