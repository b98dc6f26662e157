import { isoDateSchema, type SignInResponse } from '@latchkey/protocol';
import * as z from 'zod';
import { decodeJwtExpiry } from './decodeJwtExpiry.js';
import { toEpochMs } from './sessionTiming.js';

/** Storage key of the session (under the client's namespace). */
export const AUTH_STORAGE_KEY = 'auth';

/** What survives a reload: the token and its expiry; the user is loaded again (GET /users). */
export const storedAuthSchema = z.object({ jwt: z.string().min(1), expiresAt: isoDateSchema });
export type StoredAuth = z.infer<typeof storedAuthSchema>;

/**
 * The session a sign-in response carries: its JWT and the earlier of `expiresAt` and the token's
 * own `exp`. Undefined when there is no token (a second factor is pending) or no expiry at all.
 */
export function authFromResponse(response: Pick<SignInResponse, 'jwt' | 'expiresAt'>): StoredAuth | undefined {
  const { jwt } = response;
  if (!jwt) return undefined;
  const candidates = [toEpochMs(response.expiresAt), decodeJwtExpiry(jwt) ?? Number.NaN].filter(Number.isFinite);
  if (candidates.length === 0) return undefined;
  return { jwt, expiresAt: new Date(Math.min(...candidates)).toISOString() };
}
