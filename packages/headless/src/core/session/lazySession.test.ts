import { describe, expect, it } from 'vitest';
import type { SessionActorRef, SessionInput, SessionSnapshot } from '../machines/session/sessionMachine.js';
import { getSessionStatus } from '../machines/session/sessionStatus.js';
import { createLazySession } from './lazySession.js';

/** A fake actor: a snapshot the test sets, the events it got, its subscribers. */
function fakeActor() {
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const received: string[] = [];
  let snapshot = { value: { anonymous: 'signedOut' }, context: { user: undefined } } as unknown as SessionSnapshot;
  let stopped = false;
  const actor = {
    getSnapshot: () => snapshot,
    send: (event: { type: string }) => received.push(event.type),
    subscribe: (observer: { next?: (s: SessionSnapshot) => void }) => {
      const next = (s: SessionSnapshot) => observer.next?.(s);
      listeners.add(next);
      return { unsubscribe: () => listeners.delete(next) };
    },
    stop: () => {
      stopped = true;
    },
  } as unknown as SessionActorRef;
  const set = (value: unknown) => {
    snapshot = { value, context: { user: undefined } } as unknown as SessionSnapshot;
    for (const listener of listeners) listener(snapshot);
  };
  return { actor, received, set, listeners, isStopped: () => stopped };
}

/** A loader the test settles by hand. */
function gatedStart() {
  const calls: Array<{ resolve: (actor: SessionActorRef) => void; reject: (error: unknown) => void }> = [];
  const start = () => new Promise<SessionActorRef>((resolve, reject) => calls.push({ resolve, reject }));
  return { start, calls };
}

const input = { deps: {} } as unknown as SessionInput;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLazySession', () => {
  it('default: loads nothing until first used; until it runs it is restoring, busy, with no user', async () => {
    const gate = gatedStart();
    const session = createLazySession({ input, start: gate.start });
    expect(gate.calls).toHaveLength(0);
    const snapshot = session.getSnapshot();
    expect(getSessionStatus(snapshot)).toBe('restoring');
    expect(snapshot.hasTag('busy')).toBe(true);
    expect(snapshot.matches('signedIn')).toBe(false);
    expect(snapshot.context.user).toBeUndefined();
    // A read starts the load once the running task is over, not during it: React reads the snapshot while it renders,
    // and the page's first render goes out before the session's download starts.
    expect(gate.calls).toHaveLength(0);
    session.getSnapshot();
    await tick();
    expect(gate.calls).toHaveLength(1);
    session.getSnapshot();
    await tick();
    expect(gate.calls).toHaveLength(1);
  });

  it('behavior: a subscription, an event or start() loads it at once', () => {
    for (const use of [
      (session: SessionActorRef) => session.subscribe(() => undefined),
      (session: SessionActorRef) => session.send({ type: 'user.startSignIn' }),
      (session: SessionActorRef) => session.start(),
    ]) {
      const gate = gatedStart();
      use(createLazySession({ input, start: gate.start }));
      expect(gate.calls).toHaveLength(1);
    }
  });

  it('behavior: events sent before the actor runs are delivered in order; subscribers move over and are told its snapshot', async () => {
    const gate = gatedStart();
    const fake = fakeActor();
    const session = createLazySession({ input, start: gate.start });
    const seen: string[] = [];
    const subscription = session.subscribe((snapshot) => seen.push(getSessionStatus(snapshot)));
    session.send({ type: 'user.startSignIn' });
    session.send({ type: 'user.cancelSignIn' });
    expect(fake.received).toEqual([]);
    gate.calls[0]?.resolve(fake.actor);
    await tick();
    expect(fake.received).toEqual(['user.startSignIn', 'user.cancelSignIn']);
    expect(seen).toEqual(['signedOut']);
    expect(getSessionStatus(session.getSnapshot())).toBe('signedOut');
    fake.set('signedIn');
    expect(seen).toEqual(['signedOut', 'signedIn']);
    subscription.unsubscribe();
    fake.set({ anonymous: 'signedOut' });
    expect(seen).toHaveLength(2);
    session.send({ type: 'user.signOut' });
    expect(fake.received).toHaveLength(3);
  });

  it('error: a failed load is reported and leaves it restoring; the next use loads again', async () => {
    const gate = gatedStart();
    const errors: unknown[] = [];
    const session = createLazySession({ input, start: gate.start, onLoadError: (error) => errors.push(error) });
    session.subscribe(() => undefined);
    gate.calls[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
    await tick();
    expect(errors).toHaveLength(1);
    expect(getSessionStatus(session.getSnapshot())).toBe('restoring');
    await tick();
    expect(gate.calls).toHaveLength(2);
    const fake = fakeActor();
    gate.calls[1]?.resolve(fake.actor);
    await tick();
    expect(getSessionStatus(session.getSnapshot())).toBe('signedOut');
  });

  it('behavior: stopped before it ran, the actor that arrives is stopped and never used', async () => {
    const gate = gatedStart();
    const fake = fakeActor();
    const session = createLazySession({ input, start: gate.start });
    session.send({ type: 'user.signOut' });
    session.stop();
    gate.calls[0]?.resolve(fake.actor);
    await tick();
    expect(fake.isStopped()).toBe(true);
    expect(fake.received).toEqual([]);
    expect(getSessionStatus(session.getSnapshot())).toBe('restoring');
  });
});
