import { useEffect, useRef } from 'react';
import { bindEventCallbacks, type LatchkeyEventCallbacks } from '../core/events/eventCallbacks.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export type UseLatchkeyEventsParameters = LatchkeyEventCallbacks;

/**
 * Calls the given callbacks at the lifecycle moments of the provider's client: `onAuthInit`, `onAuthSuccess`,
 * `onAuthFailure`, `onLogout`, `onSessionExpired`, `onWalletConnected`, `onWalletAdded`, `onWalletRemoved`,
 * `onEmbeddedWalletCreated`, `onMfaEnrolled`, `onCredentialLinked` (the same as `createLatchkeyClient({ callbacks })`).
 * The latest callbacks are called (they may close over state); subscribing happens once per client, while mounted.
 */
export function useLatchkeyEvents(callbacks: UseLatchkeyEventsParameters): void {
  const client = useLatchkeyClient();
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => bindEventCallbacks(client.events, () => latest.current), [client]);
}
