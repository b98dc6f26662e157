import { useCallback, useSyncExternalStore } from 'react';
import type { SessionActorRef, SessionSnapshot } from '../core/machines/session/sessionMachine.js';

/**
 * A value selected from the session's snapshot, re-rendering when it changes — `useSelector` of @xstate/react for the
 * session only, on React's own `useSyncExternalStore`: @xstate/react imports xstate, and a bundler's code splitting
 * then puts xstate in the chunk the first paint waits for; the session's machine (and xstate) load later, on first
 * use. The selector must return a primitive or a reference the snapshot holds (not a new object per call).
 */
export function useSessionSelector<T>(session: SessionActorRef, selector: (snapshot: SessionSnapshot) => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = session.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [session],
  );
  const read = () => selector(session.getSnapshot());
  return useSyncExternalStore(subscribe, read, read);
}
