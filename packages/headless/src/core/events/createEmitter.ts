import type { User } from '@latchkey/protocol';

/** The events a client emits, by type. Wallet events join with their issues. */
export interface LatchkeyEvents {
  'auth.signedIn': { user: User; expiresAt: string };
  'auth.signedOut': { reason: 'user' | 'rejected' };
  'auth.expired': { expiresAt: string | undefined };
  'chain.changed': { chain: string; networkId?: string | number };
  'storage.parseFailed': { key: string; error: unknown };
}

export type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends object> {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void;
  off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void;
  emit<K extends keyof Events>(type: K, payload: Events[K]): void;
}

/**
 * A typed emitter owned by one client. A listener that throws does not stop the others;
 * its error goes to `onListenerError`.
 */
export function createEmitter<Events extends object = LatchkeyEvents>(
  options: { onListenerError?: (error: unknown, type: keyof Events) => void } = {},
): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();

  function off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void {
    listeners.get(type)?.delete(listener as Listener<never>);
  }

  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => off(type, listener);
    },
    off,
    emit(type, payload) {
      const set = listeners.get(type);
      if (!set) return;
      for (const listener of [...set]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          options.onListenerError?.(error, type);
        }
      }
    },
  };
}
