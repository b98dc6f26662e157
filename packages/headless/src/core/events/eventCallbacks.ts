import type { Emitter, LatchkeyEvents } from './createEmitter.js';

type On<K extends keyof LatchkeyEvents> = (event: LatchkeyEvents[K]) => void;

/**
 * The host's callbacks for the lifecycle moments (`createLatchkeyClient({ callbacks })`, `useLatchkeyEvents`), each
 * called with the event's payload, in the order of the events. A callback that throws is logged and does not stop the
 * others.
 */
export interface LatchkeyEventCallbacks {
  /** A sign-in's credential went to the server (`auth.signInStarted`). */
  onAuthInit?: On<'auth.signInStarted'>;
  /** A session began: a sign-in finished, or a stored one was restored (`restored`) (`auth.signedIn`). */
  onAuthSuccess?: On<'auth.signedIn'>;
  /** The server refused a sign-in; `code` is the error's (`auth.signInFailed`). */
  onAuthFailure?: On<'auth.signInFailed'>;
  /** The user signed out (`auth.signedOut`). */
  onLogout?: On<'auth.signedOut'>;
  /** The session ran out or was refused (`auth.expired`). */
  onSessionExpired?: On<'auth.expired'>;
  /** An external wallet connected (`wallet.connected`). */
  onWalletConnected?: On<'wallet.connected'>;
  /** A wallet was added to the user: linked, or transferred (`wallet.linked`). */
  onWalletAdded?: On<'wallet.linked'>;
  /** A credential was removed from the user (`wallet.unlinked`). */
  onWalletRemoved?: On<'wallet.unlinked'>;
  /** An embedded wallet was created (`embeddedWallet.created`). */
  onEmbeddedWalletCreated?: On<'embeddedWallet.created'>;
  /** A second factor was enrolled (`mfa.enrolled`). */
  onMfaEnrolled?: On<'mfa.enrolled'>;
  /** An e-mail, phone, social or Telegram account or a passkey was added to the user (`credential.linked`). */
  onCredentialLinked?: On<'credential.linked'>;
}

/** Which event each callback listens to. */
export const CALLBACK_EVENTS = {
  onAuthInit: 'auth.signInStarted',
  onAuthSuccess: 'auth.signedIn',
  onAuthFailure: 'auth.signInFailed',
  onLogout: 'auth.signedOut',
  onSessionExpired: 'auth.expired',
  onWalletConnected: 'wallet.connected',
  onWalletAdded: 'wallet.linked',
  onWalletRemoved: 'wallet.unlinked',
  onEmbeddedWalletCreated: 'embeddedWallet.created',
  onMfaEnrolled: 'mfa.enrolled',
  onCredentialLinked: 'credential.linked',
} as const satisfies Record<keyof LatchkeyEventCallbacks, keyof LatchkeyEvents>;

/**
 * Subscribes each callback given (read through `get`, so a caller can swap them without subscribing again) to its
 * event; returns the function that unsubscribes them all.
 */
export function bindEventCallbacks(events: Pick<Emitter<LatchkeyEvents>, 'on'>, get: () => LatchkeyEventCallbacks | undefined): () => void {
  const offs = Object.entries(CALLBACK_EVENTS).map(([name, type]) =>
    events.on(type, (payload) => (get()?.[name as keyof LatchkeyEventCallbacks] as ((event: unknown) => void) | undefined)?.(payload)),
  );
  return () => offs.forEach((off) => off());
}
