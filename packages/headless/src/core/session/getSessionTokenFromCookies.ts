import { AUTH_STORAGE_KEY, storedAuthParser } from './storedAuth.js';

/**
 * The session token a browser sends in the kit's cookie, for the host's own server: with `storage: 'cookie'` the
 * client keeps its session in a first-party cookie, so every request to the host's origin carries it. Pass the
 * request's `Cookie` header and your environment id; undefined when there is no such cookie or it cannot be read.
 *
 * Reading only: verify the token before trusting it — an RS256 JWT, checked against the environment's JWKS
 * (`{apiBaseUrl}/api/v0/sdk/{environmentId}/.well-known/jwks.json`), e.g. with `jose`'s `jwtVerify`.
 * Safe on a server: no browser global, no React.
 */
export function getSessionTokenFromCookies(cookieHeader: string | null | undefined, environmentId: string): string | undefined {
  if (!cookieHeader) return undefined;
  const prefix = `${encodeURIComponent(`latchkey:${environmentId}:${AUTH_STORAGE_KEY}`)}=`;
  const entry = cookieHeader.split(/;\s*/).find((part) => part.startsWith(prefix));
  if (entry === undefined) return undefined;
  try {
    const parsed = storedAuthParser.safeParse(JSON.parse(decodeURIComponent(entry.slice(prefix.length))));
    return parsed.success ? parsed.data.jwt : undefined;
  } catch {
    return undefined;
  }
}
