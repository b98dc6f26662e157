import type { User } from '@latchkey/protocol';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { waitFor } from 'xstate';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { getSessionStatus, type SessionSnapshot, type SessionStatus } from '../core/machines/session/sessionMachine.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSessionReturnType {
  status: SessionStatus;
  /** The signed-in user (undefined unless `status` is `signedIn`). */
  user: User | undefined;
  /** ISO date at which the session token expires (it is refreshed before). */
  expiresAt: string | undefined;
  /** Why the last restore or sign-in failed, if it did. */
  error: LatchkeyError | undefined;
  /** True while the session restores, a sign-in request is in flight, or it signs out. */
  isBusy: boolean;
  /** Revokes the session on the server and forgets it here. */
  signOut(): void;
  /** `signOut`, awaitable: resolves once signed out. */
  signOutAsync(): Promise<void>;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);
const selectExpiresAt = (snapshot: SessionSnapshot) => snapshot.context.expiresAt;
const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');

/** The session: `restoring`, `signedOut`, `signingIn`, `mfa`, `signedIn` or `expired`, with the user. */
export function useSession(): UseSessionReturnType {
  const { session } = useLatchkeyClient();
  const status = useSelector(session, getSessionStatus);
  const user = useSelector(session, selectUser);
  const expiresAt = useSelector(session, selectExpiresAt);
  const error = useSelector(session, selectError);
  const isBusy = useSelector(session, selectBusy);
  const signOutAsync = useCallback(async () => {
    session.send({ type: 'user.signOut' });
    await waitFor(session, (snapshot) => !snapshot.matches('signedIn'));
  }, [session]);
  const signOut = useCallback(() => session.send({ type: 'user.signOut' }), [session]);
  return useMemo(
    () => ({ status, user, expiresAt, error, isBusy, signOut, signOutAsync }),
    [status, user, expiresAt, error, isBusy, signOut, signOutAsync],
  );
}
