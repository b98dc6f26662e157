import type { ProjectSettings, SignInResponse, User } from '@latchkey/protocol';
import { fromCallback, fromPromise } from 'xstate';
import { getUser } from '../../actions/getUser.js';
import { refreshSession } from '../../actions/refreshSession.js';
import { revokeSession } from '../../actions/revokeSession.js';
import { restoreCookieSession } from '../../session/cookieSession.js';
import { toEpochMs } from '../../session/sessionTiming.js';
import { AUTH_STORAGE_KEY, storedAuthParser, type StoredAuth } from '../../session/storedAuth.js';
import type { SettingsStore } from '../../settings/createSettingsStore.js';
import { forgetUserRecords } from '../../storage/userRecords.js';
import type { SessionDeps, SessionEvent, SessionInput } from './sessionTypes.js';

/** A session restored on load: the stored (or cookie) token and its user. */
export interface RestoredSession extends StoredAuth {
  user: User;
}

/** The session machine's requests: restore, refresh, revoke, and the settings its profile check reads. */
export const sessionActors = {
    restoreSession: fromPromise<RestoredSession | undefined, SessionInput>(async ({ input: { deps } }) => {
      const stored = deps.store.get(AUTH_STORAGE_KEY, storedAuthParser);
      if (!stored) return restoreCookieSession(deps);
      if (!(toEpochMs(stored.expiresAt) > deps.now())) {
        // The session ended while no page was open: its user's records (a mobile wallet's keys…) end with it.
        deps.store.remove(AUTH_STORAGE_KEY);
        forgetUserRecords(deps.store);
        return undefined;
      }
      const user = await getUser(deps, { jwt: stored.jwt });
      return { ...stored, user };
    }),
    refreshSession: fromPromise<SignInResponse, { deps: SessionDeps; jwt: string }>(({ input }) =>
      refreshSession(input.deps, { jwt: input.jwt }),
    ),
    loadSettings: fromPromise<ProjectSettings, { deps: SessionDeps }>(({ input }) =>
      (input.deps.settings as Pick<SettingsStore, 'load'>).load(),
    ),
    watchSettings: fromCallback<SessionEvent, { deps: SessionDeps }>(({ input, sendBack }) => {
      const store = input.deps.settings as SettingsStore | undefined;
      if (!store?.watch) return undefined;
      return store.watch((state) => {
        if (state.status === 'ready') sendBack({ type: 'settings.ready' });
      });
    }),
    revokeSession: fromPromise<void, { deps: SessionDeps; jwt: string; everywhere: boolean }>(({ input }) =>
      revokeSession(input.deps, { jwt: input.jwt, everywhere: input.everywhere }),
    ),
};
