import type { User } from '@latchkey/protocol';
import { useCallback, useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { getSessionStatus, type SessionStatus } from '../core/machines/session/sessionStatus.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useHydrated } from './useHydrated.js';
import { useSessionSelector } from './useSessionSelector.js';

export interface SignOutOptions {
  /** End every session of the user on the server — every device, every browser — not only this one. */
  everywhere?: boolean;
}

export interface UseSessionReturnType {
  status: SessionStatus;
  /** The signed-in user (undefined unless `status` is `signedIn` or `onboarding`). */
  user: User | undefined;
  /** ISO date at which the session token expires (it is refreshed before). */
  expiresAt: string | undefined;
  /** Why the last restore or sign-in failed, if it did. */
  error: LatchkeyError | undefined;
  /** True while the session restores, a sign-in request is in flight, or it signs out. */
  isBusy: boolean;
  /** Revokes the session on the server and forgets it here; `{ everywhere: true }` ends every session of the user (every device). */
  signOut(options?: SignOutOptions): void;
  /** `signOut`, awaitable: resolves once signed out. */
  signOutAsync(options?: SignOutOptions): Promise<void>;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);
const selectExpiresAt = (snapshot: SessionSnapshot) => snapshot.context.expiresAt;
const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');

/**
 * The session: `restoring`, `signedOut`, `signingIn`, `mfa`, `onboarding`, `signedIn` or `expired`, with the user.
 * `onboarding` is a session whose user still misses a required profile field (project settings' kyc and custom
 * fields): it has a token and a user, and `useUser().updateUser` saves the fields, but the sign-in is not complete
 * until they are in — then it turns `signedIn`. Optional fields never hold it back.
 * On the server and during hydration it is `restoring` (busy, no user), whatever the browser already knows, so the
 * first client render matches the server's HTML; it settles right after.
 */
export function useSession(): UseSessionReturnType {
  const { session } = useLatchkeyClient();
  const hydrated = useHydrated();
  const liveStatus = useSessionSelector(session, getSessionStatus);
  const liveUser = useSessionSelector(session, selectUser);
  const liveExpiresAt = useSessionSelector(session, selectExpiresAt);
  const liveError = useSessionSelector(session, selectError);
  const liveBusy = useSessionSelector(session, selectBusy);
  const status = hydrated ? liveStatus : 'restoring';
  const user = hydrated ? liveUser : undefined;
  const expiresAt = hydrated ? liveExpiresAt : undefined;
  const error = hydrated ? liveError : undefined;
  const isBusy = hydrated ? liveBusy : true;
  const signOutAsync = useCallback(async (options?: SignOutOptions) => {
    session.send({ type: 'user.signOut', everywhere: options?.everywhere === true });
    // xstate's `waitFor` would bring xstate into the code that paints first: a subscription does the same.
    await new Promise<void>((resolve, reject) => {
      const settled = (snapshot: SessionSnapshot) => !snapshot.matches('signedIn');
      if (settled(session.getSnapshot())) return resolve();
      const subscription = session.subscribe({
        next: (snapshot) => {
          if (!settled(snapshot)) return;
          subscription.unsubscribe();
          resolve();
        },
        error: reject,
      });
    });
  }, [session]);
  const signOut = useCallback((options?: SignOutOptions) => session.send({ type: 'user.signOut', everywhere: options?.everywhere === true }), [session]);
  return useMemo(
    () => ({ status, user, expiresAt, error, isBusy, signOut, signOutAsync }),
    [status, user, expiresAt, error, isBusy, signOut, signOutAsync],
  );
}
