import type { User } from '@latchkey/protocol';
import { refreshSession } from '../actions/refreshSession.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { Store, ValueParser } from '../storage/createStore.js';
import type { ApiClient } from '../transport/createApi.js';
import { authFromResponse, type StoredAuth } from './storedAuth.js';
import { toEpochMs } from './sessionTiming.js';

/**
 * Cookie session storage (`security.auth.storage: ['cookie']`): the product API keeps the session in an HttpOnly
 * cookie, so the kit never stores the token. It stores only this marker — that a cookie session exists, and until
 * when — so a reload asks for the session (POST /refresh on the cookie) only when there may be one.
 */
export const COOKIE_SESSION_KEY = 'cookieSession';

export interface CookieSessionMarker {
  /** ISO-8601 date-time: when the session ends. */
  expiresAt: string;
}

export const cookieSessionParser: ValueParser<CookieSessionMarker> = {
  safeParse(value) {
    const expiresAt = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['expiresAt'] : undefined;
    if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) {
      return { success: false, error: new TypeError('The cookie session marker has no date-time expiresAt.') };
    }
    return { success: true, data: { expiresAt } };
  },
};

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
    const auth = authFromResponse(response);
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
