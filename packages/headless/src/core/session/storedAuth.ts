import type { SignInResponse } from '@latchkey/protocol';
import type { ValueParser } from '../storage/createStore.js';
import { decodeJwtTimes } from './decodeJwtExpiry.js';
import { toEpochMs } from './sessionTiming.js';

/** Storage key of the session (under the client's namespace). */
export const AUTH_STORAGE_KEY = 'auth';

/** What survives a reload: the token and its expiry; the user is loaded again (GET /users). */
export interface StoredAuth {
  jwt: string;
  /** ISO-8601 date-time with `Z` or an offset, as `Date#toISOString` writes it. */
  expiresAt: string;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads the stored session: `{ jwt, expiresAt }` with a non-empty token and an ISO date-time.
 * Hand-written rather than a zod schema so a reload can read it before the schemas have loaded.
 */
export const storedAuthParser: ValueParser<StoredAuth> = {
  safeParse(value) {
    const { jwt, expiresAt } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof jwt !== 'string' || jwt === '') {
      return { success: false, error: new TypeError('The stored session has no token (jwt).') };
    }
    if (typeof expiresAt !== 'string' || !ISO_DATE_TIME.test(expiresAt) || Number.isNaN(Date.parse(expiresAt))) {
      return { success: false, error: new TypeError('The stored session has no ISO date-time expiresAt.') };
    }
    return { success: true, data: { jwt, expiresAt } };
  },
};

/** A device clock this far from the server's (by the token's `iat`) is taken as wrong, and the expiry moved by it. */
export const CLOCK_SKEW_TOLERANCE_MS = 60_000;

/**
 * The session a freshly answered sign-in (or refresh) carries: its JWT and the earlier of `expiresAt` and the token's
 * own `exp`, on this device's clock. The server's clock says when it issued the token (`iat`); a device whose clock is
 * off by more than `CLOCK_SKEW_TOLERANCE_MS` (set by hand, hours ahead) would otherwise find every new session
 * already expired, or expiring late: its expiry is moved by the difference, so the session lasts here as long as the
 * server gives it. Undefined when there is no token (a second factor is pending) or no expiry at all.
 */
export function authFromResponse(response: Pick<SignInResponse, 'jwt' | 'expiresAt'>, now: number = Date.now()): StoredAuth | undefined {
  const { jwt } = response;
  if (!jwt) return undefined;
  const { exp, iat } = decodeJwtTimes(jwt);
  const candidates = [toEpochMs(response.expiresAt), exp ?? Number.NaN].filter(Number.isFinite);
  if (candidates.length === 0) return undefined;
  const skew = iat === undefined ? 0 : now - iat;
  const shift = Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? skew : 0;
  return { jwt, expiresAt: new Date(Math.min(...candidates) + shift).toISOString() };
}
