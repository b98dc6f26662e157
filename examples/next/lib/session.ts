import { getSessionTokenFromCookies } from '@latchkey/headless';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { latchkeyConfig } from './latchkey';

/** What this server trusts about a request's user, once the session token checks out. */
export interface VerifiedSession {
  userId: string;
  email: string | undefined;
  sessionId: string;
  expiresAt: string;
}

// The environment's public keys, fetched once and cached by jose: shared by every request on purpose (keys, not
// user state). Everything about a user lives in the request being served.
let keys: { url: string; get: JWTVerifyGetKey } | undefined;
function keySet(apiBaseUrl: string, environmentId: string): JWTVerifyGetKey {
  const url = `${apiBaseUrl}/api/v0/sdk/${environmentId}/.well-known/jwks.json`;
  if (keys?.url !== url) keys = { url, get: createRemoteJWKSet(new URL(url)) };
  return keys.get;
}

/**
 * Verifies a Latchkey session token (an RS256 JWT) against the environment's JWKS: signature, expiry, the claims a
 * session has, and that it was issued for this environment. Throws when it does not check out.
 */
export async function verifySessionToken(token: string): Promise<VerifiedSession> {
  const { apiBaseUrl, environmentId } = latchkeyConfig();
  const { payload } = await jwtVerify(token, keySet(apiBaseUrl, environmentId), {
    algorithms: ['RS256'],
    requiredClaims: ['sub', 'sid', 'exp', 'iat'],
  });
  if (payload['environmentId'] !== environmentId) throw new Error('The session token is for another environment.');
  return {
    userId: payload.sub as string,
    email: typeof payload['email'] === 'string' ? payload['email'] : undefined,
    sessionId: payload['sid'] as string,
    expiresAt: new Date((payload.exp as number) * 1000).toISOString(),
  };
}

/** The verified session of a request from its `Cookie` header (the kit's cookie), or undefined. */
export async function sessionFromCookies(cookieHeader: string | null): Promise<VerifiedSession | undefined> {
  const token = getSessionTokenFromCookies(cookieHeader, latchkeyConfig().environmentId);
  if (!token) return undefined;
  try {
    return await verifySessionToken(token);
  } catch {
    return undefined;
  }
}
