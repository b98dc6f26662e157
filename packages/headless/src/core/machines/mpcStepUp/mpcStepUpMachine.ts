import { fromPromise } from 'xstate';
import { stepUpRetryMachine, type StepUpRetryActorRef, type StepUpRetryRequestInput } from '../mfaDevices/stepUpRetryMachine.js';

/**
 * The MPC commands the server refuses until this session passed a second factor lately (refresh, reshare, export:
 * they replace every share or hand the server's out) — `stepUpRetryMachine` whose request runs the command
 * `startMpcCommand` registered under its `target`: requesting → idle with `done`, or a 403 `mfa_invalid_request` →
 * confirming (the step-up, id `stepUp`) → requesting once more. Cancel drops the command.
 */
const commands = new Map<string, () => Promise<unknown>>();
let counter = 0;

export const mpcStepUpMachine = stepUpRetryMachine.provide({
  actors: {
    request: fromPromise<unknown, StepUpRetryRequestInput>(async ({ input }) => {
      const run = commands.get(input.target);
      if (!run) throw new Error(`mpcStepUpMachine: no command ${input.target}`);
      return run();
    }),
  },
});

/** How a command ended: done, or dropped at the step-up (nothing changed). A refusal rejects with its error. */
export type MpcCommandOutcome = 'done' | 'cancelled';

/**
 * Runs `run` through the step-up flow `actor` (idle): resolves `done` once it went through (after a step-up if the
 * server asked for one), `cancelled` when the user left the step-up; rejects with the flow's error otherwise.
 */
export function startMpcCommand(actor: StepUpRetryActorRef, run: () => Promise<unknown>): Promise<MpcCommandOutcome> {
  counter += 1;
  const target = `mpc-command-${counter}`;
  commands.set(target, run);
  return new Promise<MpcCommandOutcome>((resolve, reject) => {
    let started = false;
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.value !== 'idle') {
        started = true;
        return;
      }
      if (!started) return;
      subscription.unsubscribe();
      commands.delete(target);
      const { done, error } = snapshot.context;
      if (done === target) resolve('done');
      else if (error) reject(error);
      else resolve('cancelled');
    });
    // A step-up left open by an earlier command (the user moved on) is dropped first.
    if (actor.getSnapshot().value === 'confirming') actor.send({ type: 'user.cancelStepUp' });
    actor.send({ type: 'user.submit', target });
  });
}
