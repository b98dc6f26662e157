import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Ceremony, CeremonyStep, MpcRpc, MpcStepName } from '../../mpc/ceremonies.js';
import { mpcError } from '../../mpc/mpcError.js';

/**
 * One MPC ceremony (keygen, signing, reshare, export) over the JSON-RPC socket: `connecting` (the
 * socket ready and logged in) → `opening` (a room, and this attempt's fresh secrets) → the ceremony's
 * rounds one by one → `done` | `failed`. A socket that drops mid-ceremony restarts it cleanly: the
 * attempt's secrets are discarded (nonces zeroed), a new room is opened with new ones — never a step
 * resumed with old nonces. Any failure discards them too.
 */

export interface MpcSessionInput {
  /** The socket, ready and logged in with the session JWT. */
  connect(): Promise<MpcRpc>;
  /** Opens a room (HTTP) and makes this attempt's ceremony with fresh secrets. */
  start(): Promise<Ceremony>;
  /** Restarts after a dropped socket before giving up (default 2). */
  maxRestarts?: number;
}

export interface MpcSessionContext {
  input: MpcSessionInput;
  rpc: MpcRpc | undefined;
  ceremony: Ceremony | undefined;
  step: number;
  restarts: number;
  result: unknown;
  error: LatchkeyError | undefined;
}

export type MpcSessionEvent = { type: 'user.start' } | { type: 'user.cancel' };

/** Where the ceremony is: the round it runs is its step's name. */
export type MpcSessionStatus = 'idle' | 'connecting' | 'opening' | MpcStepName | 'restarting' | 'done' | 'failed';

/** Errors of a dropped or unready socket: the ceremony starts again from a new room. */
const INTERRUPTIONS = new Set(['socket_closed_before_reply', 'socket_not_ready', 'socket_reply_timeout', 'network_error']);
const isInterruption = (error: unknown) => error instanceof LatchkeyError && INTERRUPTIONS.has(error.code);

export const mpcSessionMachine = setup({
  types: {
    input: {} as MpcSessionInput,
    context: {} as MpcSessionContext,
    events: {} as MpcSessionEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    connect: fromPromise<MpcRpc, MpcSessionInput>(({ input }) => input.connect()),
    open: fromPromise<Ceremony, MpcSessionInput>(({ input }) => input.start()),
    runStep: fromPromise<void, { step: CeremonyStep; rpc: MpcRpc }>(({ input }) => input.step.run(input.rpc)),
  },
  actions: {
    setRpc: assign((_, params: { rpc: MpcRpc }) => ({ rpc: params.rpc })),
    setCeremony: assign((_, params: { ceremony: Ceremony }) => ({ ceremony: params.ceremony, step: 0 })),
    nextStep: assign(({ context }) => ({ step: context.step + 1 })),
    keepResult: assign(({ context }) => ({ result: context.ceremony?.result() })),
    discardSecrets: ({ context }) => context.ceremony?.discard(),
    forgetCeremony: assign({ ceremony: undefined, step: 0 }),
    countRestart: assign(({ context }) => ({ restarts: context.restarts + 1 })),
    // A step that failed on what the server sent (a round message the schema passed but the maths refuses: a point off
    // the curve, a commitment under the device's own identifier) throws the curve library's own error: that is the
    // server's answer not understood (`invalid_response`), never the library's words under `UNKNOWN`.
    setError: assign((_, params: { error: unknown }) => {
      if (isInterruption(params.error)) return { error: mpcError('mpc_ceremony_interrupted', { cause: params.error }) };
      const error = toLatchkeyErrorSync(params.error);
      return { error: error.code === 'UNKNOWN' ? new LatchkeyError('invalid_response', { cause: params.error }) : error };
    }),
    setCancelled: assign({ error: () => new LatchkeyError('user_cancelled_request') }),
  },
  guards: {
    isLastStep: ({ context }) => context.ceremony !== undefined && context.step + 1 >= context.ceremony.steps.length,
    canRestart: ({ context }, params: { error: unknown }) => isInterruption(params.error) && context.restarts < (context.input.maxRestarts ?? 2),
  },
}).createMachine({
  id: 'mpcSession',
  context: ({ input }) => ({ input, rpc: undefined, ceremony: undefined, step: 0, restarts: 0, result: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'user.start': 'connecting' },
    },
    connecting: {
      tags: ['busy'],
      invoke: {
        src: 'connect',
        input: ({ context }) => context.input,
        onDone: { target: 'opening', actions: { type: 'setRpc', params: ({ event }) => ({ rpc: event.output }) } },
        onError: [
          { guard: { type: 'canRestart', params: ({ event }) => ({ error: event.error }) }, target: 'restarting' },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'user.cancel': { target: 'failed', actions: 'setCancelled' } },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        src: 'open',
        input: ({ context }) => context.input,
        onDone: { target: 'running', actions: { type: 'setCeremony', params: ({ event }) => ({ ceremony: event.output }) } },
        onError: [
          { guard: { type: 'canRestart', params: ({ event }) => ({ error: event.error }) }, target: 'restarting' },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'user.cancel': { target: 'failed', actions: 'setCancelled' } },
    },
    running: {
      tags: ['busy'],
      invoke: {
        src: 'runStep',
        input: ({ context }) => ({ step: context.ceremony!.steps[context.step]!, rpc: context.rpc! }),
        onDone: [
          { guard: 'isLastStep', target: 'done', actions: 'keepResult' },
          { target: 'running', reenter: true, actions: 'nextStep' },
        ],
        onError: [
          { guard: { type: 'canRestart', params: ({ event }) => ({ error: event.error }) }, target: 'restarting' },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: { 'user.cancel': { target: 'failed', actions: 'setCancelled' } },
    },
    restarting: {
      tags: ['busy'],
      // This attempt's nonces and polynomials are gone before anything else happens.
      entry: ['discardSecrets', 'forgetCeremony', 'countRestart'],
      always: 'connecting',
    },
    done: {
      type: 'final',
      entry: ['discardSecrets', 'forgetCeremony'],
    },
    failed: {
      type: 'final',
      tags: ['error'],
      entry: ['discardSecrets', 'forgetCeremony'],
    },
  },
});

export type MpcSessionMachine = typeof mpcSessionMachine;
export type MpcSessionActorRef = ActorRefFrom<MpcSessionMachine>;
export type MpcSessionSnapshot = SnapshotFrom<MpcSessionMachine>;

export function mpcSessionStatus(snapshot: MpcSessionSnapshot): MpcSessionStatus {
  if (snapshot.matches('running')) return snapshot.context.ceremony?.steps[snapshot.context.step]?.name ?? 'opening';
  return snapshot.value as MpcSessionStatus;
}
