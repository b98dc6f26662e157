import type { User } from '@latchkey/protocol';

/** How a sign-in was made: the route its credential went to. */
export type SignInMethod = 'email' | 'sms' | 'social' | 'telegram' | 'wallet' | 'passkey';

/** The kinds of credential a signed-in user can add (besides wallets, which have their own events). */
export type LinkedCredentialKind = 'email' | 'sms' | 'social' | 'telegram' | 'passkey';

/**
 * The events a client emits, by type. The lifecycle moments (`auth.*`, `wallet.*`, `embeddedWallet.created`,
 * `mfa.enrolled`, `credential.linked`) are what the host callbacks (`createLatchkeyClient({ callbacks })`) and the
 * analytics events (POST /events) are made from.
 */
export interface LatchkeyEvents {
  /** A sign-in's credential (code, signed message, social code, passkey assertion…) went to the server. */
  'auth.signInStarted': { method: SignInMethod; provider?: string };
  /** The server refused it (e.g. `invalid_code`); `code` is the `LatchkeyError` code. */
  'auth.signInFailed': { method: SignInMethod; provider?: string; code: string };
  /** A session began: a sign-in finished (`restored: false`) or a stored session was restored on load (`restored: true`). */
  'auth.signedIn': { user: User; expiresAt: string; restored: boolean };
  'auth.signedOut': { reason: 'user' | 'rejected' };
  'auth.expired': { expiresAt: string | undefined };
  /** An external wallet connected (or reconnected silently on load: `silent`). */
  'wallet.connected': { walletName: string; address: string; silent: boolean };
  /** A wallet was added to the signed-in user (linked, or transferred from another user). */
  'wallet.linked': { walletName: string | undefined; address: string | undefined; chain: string | undefined; transferred: boolean };
  /** A credential (wallet or other) was removed from the signed-in user. */
  'wallet.unlinked': { verifiedCredentialId: string };
  /** An embedded wallet was created for the signed-in user. */
  'embeddedWallet.created': { kind: 'custody' | 'mpc'; chains: string[] };
  /** A second factor was enrolled. */
  'mfa.enrolled': { type: 'totp' | 'passkey' };
  /** An e-mail address, phone number, social account, Telegram account or passkey was added to the signed-in user. */
  'credential.linked': { kind: LinkedCredentialKind; provider?: string };
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
  options: {
    onListenerError?: (error: unknown, type: keyof Events) => void;
    /** Sees every event, after its listeners (the client's analytics queue). */
    onEmit?: <K extends keyof Events>(type: K, payload: Events[K]) => void;
  } = {},
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
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          options.onListenerError?.(error, type);
        }
      }
      options.onEmit?.(type, payload);
    },
  };
}
