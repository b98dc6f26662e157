import { createActor } from 'xstate';
import type { SessionClock } from './lazySession.js';
import { sessionMachine, type SessionActorRef, type SessionInput } from '../machines/session/sessionMachine.js';

/** Starts the session machine. Only `createLazySession` imports this module, with `import()`: xstate comes with it. */
export function startSession(input: SessionInput, clock: SessionClock | undefined): SessionActorRef {
  const actor = createActor(sessionMachine, { input, ...(clock ? { clock } : {}) });
  actor.start();
  return actor;
}
