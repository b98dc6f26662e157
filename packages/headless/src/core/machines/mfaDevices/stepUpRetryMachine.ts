import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import { isStepUpRequired } from './stepUp.js';
import { hasPassedStepUp, stepUpAnswers, stepUpMachine, type StepUpEvent, type StepUpMachineClient, type StepUpOutput } from './stepUpMachine.js';

export interface StepUpRetryContext {
  client: StepUpMachineClient;
  /** What the request is about (the credential to unlink, the typed confirmation), kept while a step-up runs: it is retried once after one. */
  target: string | undefined;
  /** The target of the last request that went through. */
  done: string | undefined;
  /** The request's step-up passed: a second refusal is shown, not asked again. */
  steppedUp: boolean;
  error: LatchkeyError | undefined;
}

export type StepUpRetryEvent =
  /** Sends the request for `target`. */
  | { type: 'user.submit'; target: string }
  | StepUpEvent
  /** Leaves the step-up: the request is dropped, nothing changes. */
  | { type: 'user.cancelStepUp' }
  | { type: 'user.reset' };

/** What the provided `request` actor gets; it hands its answer on itself (a fresh token to the session, a sign-out). */
export interface StepUpRetryRequestInput {
  client: StepUpMachineClient;
  target: string;
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const forget = { target: undefined, steppedUp: false } as const;

/**
 * One request the server may refuse until this session passed a second factor lately, the machine the unlink and the
 * account deletion share, each specialised with `.provide(...)` (its `request` actor): idle → requesting → idle with
 * `done`. A 403 `mfa_invalid_request` (a user with a second factor who passed none in the last 5 minutes) goes to
 * confirming — `stepUpMachine` (id `stepUp`) — and, once it passed, requesting once more; cancel drops the request.
 * Any other refusal, or a second one after a passed step-up, lands in `error`.
 */
export const stepUpRetryMachine = setup({
  types: {
    context: {} as StepUpRetryContext,
    events: {} as StepUpRetryEvent,
    input: {} as { client: StepUpMachineClient },
    tags: {} as 'busy',
  },
  actors: {
    request: fromPromise<unknown, StepUpRetryRequestInput>(() => Promise.reject(new Error('stepUpRetryMachine: provide the request actor'))),
    stepUp: stepUpMachine,
  },
  actions: {
    assignTarget: assign((_, params: { target: string }) => ({ ...forget, target: params.target, error: undefined })),
    assignDone: assign(({ context }) => ({ ...forget, done: context.target, error: undefined })),
    assignError: assign((_, params: { error: unknown }) => ({ ...forget, error: params.error === undefined ? undefined : toLatchkeyErrorSync(params.error) })),
    markSteppedUp: assign({ steppedUp: true }),
    forwardToStepUp: sendTo('stepUp', ({ event }) => event as StepUpEvent),
    reset: assign({ ...forget, done: undefined, error: undefined }),
  },
  guards: {
    canStepUp: ({ context }, params: { error: unknown }) => !context.steppedUp && isStepUpRequired(params.error),
    hasPassed: (_, params: { output: StepUpOutput }) => hasPassedStepUp(params.output),
  },
}).createMachine({
  id: 'stepUpRetry',
  context: ({ input }) => ({ client: input.client, ...forget, done: undefined, error: undefined }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      on: { 'user.submit': { target: 'requesting', actions: { type: 'assignTarget', params: ({ event }) => ({ target: event.target }) } } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        src: 'request',
        input: ({ context }) => ({ client: context.client, target: context.target ?? '' }),
        onDone: { target: 'idle', actions: 'assignDone' },
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
          { guard: { type: 'hasPassed', params: ({ event }) => ({ output: event.output }) }, target: 'requesting', actions: 'markSteppedUp' },
          { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.output.error }) } },
        ],
      },
      on: {
        ...stepUpAnswers,
        'user.cancelStepUp': { target: 'idle', actions: { type: 'assignError', params: { error: undefined } } },
      },
    },
  },
});

export type StepUpRetryMachine = typeof stepUpRetryMachine;
export type StepUpRetryActorRef = ActorRefFrom<typeof stepUpRetryMachine>;
export type StepUpRetrySnapshot = SnapshotFrom<typeof stepUpRetryMachine>;
