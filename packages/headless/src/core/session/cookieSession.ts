import type { User } from '@latchkey/protocol';
import { refreshSession } from '../actions/refreshSession.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { Store } from '../storage/createStore.js';
import { COOKIE_SESSION_KEY, cookieSessionParser } from './cookieSessionMarker.js';
import type { ApiClient } from '../transport/createApi.js';
import { authFromResponse, type StoredAuth } from './storedAuth.js';
import { toEpochMs } from './sessionTiming.js';

export { COOKIE_SESSION_KEY, cookieSessionParser, type CookieSessionMarker } from './cookieSessionMarker.js';

const REFUSED_COOKIE_CODES: ReadonlySet<string> = new Set(['unauthorized', 'session_expired', 'forbidden']);

/**
 * The session the cookie stands for, after a reload: undefined without a live marker; otherwise POST /refresh with
 * the cookie alone (a fresh token for this page, the cookie renewed). A refused cookie is forgotten and thrown as
 * 'The cookie is invalid or expired' (SPEC §8); anything else (network…) is thrown as it is.
 */
export async function restoreCookieSession(deps: ApiClient & { store: Store; now: () => number }): Promise<(StoredAuth & { user: User }) | undefined> {
  const marker = deps.store.get(COOKIE_SESSION_KEY, cookieSessionParser);
  if (!marker) return undefined;
  if (!(toEpochMs(marker.expiresAt) > deps.now())) {
    deps.store.remove(COOKIE_SESSION_KEY);
    return undefined;
  }
  try {
    const response = await refreshSession(deps);
    const auth = authFromResponse(response, deps.now());
    if (!auth) throw new LatchkeyError('invalid_response', { message: 'The session cookie was answered without a session.' });
    return { ...auth, user: response.user };
  } catch (error) {
    if (error instanceof LatchkeyError && REFUSED_COOKIE_CODES.has(error.code)) {
      deps.store.remove(COOKIE_SESSION_KEY);
      throw new LatchkeyError('cookie_invalid_or_expired', { ...(error.status === undefined ? {} : { status: error.status }), cause: error });
    }
    throw error;
  }
}
