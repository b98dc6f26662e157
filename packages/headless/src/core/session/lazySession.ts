import type { SessionActorRef, SessionEvent, SessionInput, SessionSnapshot } from '../machines/session/sessionMachine.js';
import { importWhenOnline } from '../loading/importWhenOnline.js';

/** A clock for the session's timers, shaped like xstate's (its `SimulatedClock` fits). */
export interface SessionClock {
  setTimeout(callback: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now?(): number;
}

type Observer = { next?: (snapshot: SessionSnapshot) => void; error?: (error: unknown) => void; complete?: () => void };
type Subscribe = SessionActorRef['subscribe'];

export interface LazySessionOptions {
  input: SessionInput;
  clock?: SessionClock;
  /** Loads the session machine and starts an actor of it (an `import()`: a lazy chunk, with xstate, when bundled). */
  start?: (input: SessionInput, clock: SessionClock | undefined) => Promise<SessionActorRef>;
  /** Told when the machine's code failed to load (the next use tries again). */
  onLoadError?: (error: unknown) => void;
}

const startFromChunk: NonNullable<LazySessionOptions['start']> = (input, clock) =>
  importWhenOnline(() => import('./startSession.js')).then((module) => module.startSession(input, clock));

/**
 * The session actor, loaded on first use: the client's `session` is this stand-in, which loads the session machine
 * (and xstate's runtime) the first time anything reads, subscribes to or sends to it, so a page's first chunk
 * carries neither. A read starts the load once the running task is over (a subscription, an event or `start()` at
 * once): React reads the snapshot while it renders, and the page's first render (the sign-in button) is in the
 * document before the session's download starts. Until the actor runs, its snapshot is the machine's own first one — `restoring`, tagged `busy`, no user — events
 * sent to it are kept and delivered in order, and subscribers move over to the actor (told its snapshot once). A
 * failed load leaves it `restoring`; the next use loads again.
 */
/** The stand-in: a session actor, and a way to wait for the one it stands for. */
export type LazySessionRef = SessionActorRef & {
  /** Settles when the machine's code is in and the events sent meanwhile are delivered (at once when it runs or no load is under way). */
  whenLoaded(): Promise<void>;
};

export function createLazySession(options: LazySessionOptions): LazySessionRef {
  const start = options.start ?? startFromChunk;
  const { deps } = options.input;
  const initial = {
    status: 'active',
    value: 'restoring',
    context: { deps, jwt: undefined, expiresAt: undefined, user: undefined, mfaToken: undefined, mfaNextView: undefined, error: undefined },
    tags: new Set(['busy']),
    children: {},
    historyValue: {},
    output: undefined,
    error: undefined,
    matches: (value: unknown) => value === 'restoring',
    hasTag: (tag: string) => tag === 'busy',
    can: () => false,
    getMeta: () => ({}),
    toJSON: () => ({ status: 'active', value: 'restoring', tags: ['busy'] }),
  } as unknown as SessionSnapshot;

  let actor: SessionActorRef | undefined;
  let loading: Promise<void> | undefined;
  let stopped = false;
  let readScheduled = false;
  const queued: SessionEvent[] = [];
  const waiting = new Set<{ observer: Observer; moved?: { unsubscribe(): void } }>();

  const load = () => {
    if (actor || loading || stopped) return;
    loading = start(options.input, options.clock).then(
      (started) => {
        loading = undefined;
        if (stopped) {
          started.stop();
          return;
        }
        actor = started;
        for (const event of queued.splice(0)) started.send(event);
        for (const entry of waiting) {
          entry.moved = started.subscribe(entry.observer as Parameters<Subscribe>[0]);
          entry.observer.next?.(started.getSnapshot());
        }
        waiting.clear();
      },
      (error: unknown) => {
        loading = undefined;
        options.onLoadError?.(error);
      },
    );
  };

  const subscribe = ((nextOrObserver: Observer | ((snapshot: SessionSnapshot) => void), error?: (error: unknown) => void, complete?: () => void) => {
    const observer: Observer = typeof nextOrObserver === 'function' ? { next: nextOrObserver, error, complete } : nextOrObserver;
    if (actor) return actor.subscribe(observer as Parameters<Subscribe>[0]);
    const entry: { observer: Observer; moved?: { unsubscribe(): void } } = { observer };
    waiting.add(entry);
    load();
    return {
      unsubscribe() {
        waiting.delete(entry);
        entry.moved?.unsubscribe();
      },
    };
  }) as Subscribe;

  const stand = {
    id: 'session',
    getSnapshot() {
      if (actor) return actor.getSnapshot();
      // React reads it while it renders (useSyncExternalStore): the download starts once that task is over.
      if (!loading && !readScheduled) {
        readScheduled = true;
        setTimeout(() => {
          readScheduled = false;
          load();
        }, 0);
      }
      return initial;
    },
    subscribe,
    send(event: SessionEvent) {
      if (actor) return actor.send(event);
      queued.push(event);
      load();
    },
    start() {
      load();
    },
    stop() {
      stopped = true;
      actor?.stop();
      return stand;
    },
    whenLoaded() {
      return loading ?? Promise.resolve();
    },
  };
  return stand as unknown as LazySessionRef;
}
