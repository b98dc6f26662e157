import type { User, UserUpdate } from '@latchkey/protocol';
import { useCallback, useMemo, useState } from 'react';
import { getUser } from '../core/actions/getUser.js';
import { updateUser } from '../core/actions/updateUser.js';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorLazily } from '../core/errors/toLatchkeyErrorLazily.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { getSessionStatus } from '../core/machines/session/sessionStatus.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useHydrated } from './useHydrated.js';
import { useSessionSelector } from './useSessionSelector.js';

export type UserStatus = 'loading' | 'signedOut' | 'ready' | 'updating';

export interface UseUserReturnType {
  user: User | undefined;
  /** `loading` while the session restores, `signedOut` without a user, `updating` during a request. */
  status: UserStatus;
  /** The last failed update or reload (cleared by the next one). */
  error: LatchkeyError | undefined;
  /** PUT /users; a failure lands in `error`. */
  updateUser(update: UserUpdate): void;
  /** `updateUser`, awaitable: resolves to the updated user, or undefined when it failed (see `error`). */
  updateUserAsync(update: UserUpdate): Promise<User | undefined>;
  /** GET /users again; a failure lands in `error`. */
  reloadUser(): void;
  /** `reloadUser`, awaitable: resolves to the user, or undefined when it failed. */
  reloadUserAsync(): Promise<User | undefined>;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);
const selectRestoring = (snapshot: SessionSnapshot) => getSessionStatus(snapshot) === 'restoring';

/** The signed-in user and the commands that change it. */
export function useUser(): UseUserReturnType {
  const client = useLatchkeyClient();
  // Until hydrated: `loading` without a user, as on the server (see useSession).
  const hydrated = useHydrated();
  const liveUser = useSessionSelector(client.session, selectUser);
  const user = hydrated ? liveUser : undefined;
  const restoring = useSessionSelector(client.session, selectRestoring) || !hydrated;
  const [request, setRequest] = useState<{ pending: number; error: LatchkeyError | undefined }>({ pending: 0, error: undefined });

  const run = useCallback(async (work: () => Promise<User>): Promise<User | undefined> => {
    setRequest((current) => ({ pending: current.pending + 1, error: undefined }));
    try {
      const result = await work();
      setRequest((current) => ({ pending: current.pending - 1, error: undefined }));
      return result;
    } catch (thrown) {
      const error = await toLatchkeyErrorLazily(thrown);
      setRequest((current) => ({ pending: current.pending - 1, error }));
      return undefined;
    }
  }, []);

  const update = useCallback((changes: UserUpdate) => run(() => updateUser(client, changes)), [client, run]);
  const reload = useCallback(
    () =>
      run(async () => {
        const fresh = await getUser(client);
        client.session.send({ type: 'server.userUpdated', user: fresh });
        return fresh;
      }),
    [client, run],
  );

  const status: UserStatus = restoring ? 'loading' : !user ? 'signedOut' : request.pending > 0 ? 'updating' : 'ready';
  return useMemo(
    () => ({
      user,
      status,
      error: request.error,
      updateUser: (changes: UserUpdate) => void update(changes),
      updateUserAsync: update,
      reloadUser: () => void reload(),
      reloadUserAsync: reload,
    }),
    [user, status, request.error, update, reload],
  );
}
