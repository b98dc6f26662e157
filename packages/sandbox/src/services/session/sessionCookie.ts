import type { ProjectSettings } from '@latchkey/protocol';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * Cookie session storage (`security.auth.storage: ['cookie', …]`): every sign-in response also sets the session token
 * as an HttpOnly cookie scoped to the environment's product routes, so page scripts never hold it across reloads; a
 * request without an `Authorization` header is authenticated by it; POST /revoke clears it.
 */

/** The cookie's name (per environment: its path is the environment's routes too). */
export const SESSION_COOKIE = 'latchkey_session';

/** Whether the project keeps sessions in the cookie: its first storage mode is `cookie`. */
export function usesCookieSessions(settings: ProjectSettings): boolean {
  return settings.security.auth?.storage[0] === 'cookie';
}

/** `/api/v0/sdk/{environmentId}`: the cookie goes with product routes only. */
function cookiePath(c: Context): string {
  const match = new URL(c.req.url).pathname.match(/^\/api\/v0\/sdk\/[^/]+/);
  return match?.[0] ?? '/';
}

/**
 * `Secure; SameSite=None` on https (a host page on another site can send it); on loopback http `SameSite=Lax`, which a
 * page on the same host (another port) still sends with credentialed requests.
 */
function attributes(c: Context): string {
  const secure = new URL(c.req.url).protocol === 'https:';
  return `Path=${cookiePath(c)}; HttpOnly; ${secure ? 'Secure; SameSite=None' : 'SameSite=Lax'}`;
}

/** Sets the session cookie to `jwt` until `expiresAt`. */
export function setSessionCookie(c: Context, jwt: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  c.header('Set-Cookie', `${SESSION_COOKIE}=${jwt}; Max-Age=${maxAge}; ${attributes(c)}`, { append: true });
}

/** Clears the session cookie (sign-out). */
export function clearSessionCookie(c: Context): void {
  c.header('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${attributes(c)}`, { append: true });
}

/** The token the request's session cookie carries, if any. */
export function sessionCookieToken(c: Context): string | undefined {
  const value = getCookie(c, SESSION_COOKIE);
  return value === undefined || value === '' ? undefined : value;
}
