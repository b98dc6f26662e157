import type { ValueParser } from '../storage/createStore.js';

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
