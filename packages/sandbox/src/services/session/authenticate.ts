import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { Context } from 'hono';
import { sessionCookieToken } from './sessionCookie.js';
import { findSession, type SessionRow } from './sessionRepository.js';
import { isLoopbackOrigin } from '../../net/loopbackOrigin.js';

export interface Auth {
  readonly userId: string;
  readonly session: SessionRow;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Resolves an `Authorization` header to a live session: a valid RS256 token (signature, issuer,
 * audience, expiry) whose session exists, belongs to the token's user, is not revoked and has
 * not expired. 401 `unauthorized` or `session_expired` otherwise. `alongside` reads more for the token's user in the
 * same round trip as the session (kept only once the session checks out).
 */
export async function authenticate<X = undefined>(
  ctx: SandboxContext,
  authorization: string | undefined,
  alongside?: (q: Queryable, userId: string) => Promise<X>,
): Promise<Auth & { alongside: X }> {
  const token = authorization?.match(BEARER)?.[1];
  if (!token) throw new ApiError(401, 'unauthorized', messages.missingToken);
  const { userId, sessionId } = await ctx.tokens.verify(token);
  const [session, read] = alongside
    ? await ctx.db.pipeline((q) => Promise.all([findSession(q, ctx.environmentId, sessionId), alongside(q, userId)]))
    : [await findSession(ctx.db, ctx.environmentId, sessionId), undefined as X];
  const refusal = sessionRefusal(session, userId, ctx.now());
  if (refusal) throw refusal;
  return { userId, session: session!, alongside: read };
}

/** Why a token of `userId` for `session` (as read) no longer stands at `now`: its 401, or undefined while it is live. */
export function sessionRefusal(session: SessionRow | undefined, userId: string, now: Date): ApiError | undefined {
  if (!session || session.user_id !== userId) return new ApiError(401, 'unauthorized', messages.invalidToken);
  if (session.revoked_at) return new ApiError(401, 'unauthorized', messages.sessionRevoked);
  if (session.expires_at.getTime() <= now.getTime()) return new ApiError(401, 'session_expired', messages.sessionExpired);
  return undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request rides on the session cookie without being the kit's own fetch: a link followed, an image or a form
 * of some page (`Sec-Fetch-Mode` `navigate` or `no-cors`), or a fetch from an origin that may not read the answer. Such
 * a GET passes the cookie guard (it should change nothing); a GET that would make a secret to show refuses it.
 */
export function cookieRequestFromAnotherPage(c: Context): boolean {
  if (c.req.header('authorization') !== undefined || sessionCookieToken(c) === undefined) return false;
  return requestFromAnotherPage(c);
}

/**
 * Whether a request comes from a page that may not read its answer: an Origin the sandbox's CORS does not allow (a
 * loopback page is the kit's), or a link, image or form (`Sec-Fetch-Mode` `navigate` or `no-cors`).
 */
export function requestFromAnotherPage(c: Context): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined && !isLoopbackOrigin(origin)) return true;
  const mode = c.req.header('sec-fetch-mode');
  return mode !== undefined && mode !== 'cors' && mode !== 'same-origin';
}

/**
 * A request's session: its `Authorization` header, or — without one — its session cookie (cookie storage). A cookie
 * that is not a live session is refused 401 with SPEC §8's 'The cookie is invalid or expired' (the code says why:
 * `unauthorized` or `session_expired`).
 */
export async function authenticateRequest<X = undefined>(ctx: SandboxContext, c: Context, alongside?: (q: Queryable, userId: string) => Promise<X>): Promise<Auth & { alongside: X }> {
  const authorization = c.req.header('authorization');
  const cookie = authorization === undefined ? sessionCookieToken(c) : undefined;
  if (cookie === undefined) return authenticate(ctx, authorization, alongside);
  // A browser sends the cookie with any page's request (a form posted as text/plain needs no preflight, and CORS only
  // hides the answer): a request that changes something on the cookie's strength must come from an origin CORS lets
  // read the answers — the kit's page. A request without an Origin is no browser's cross-site one.
  const origin = c.req.header('origin');
  if (!SAFE_METHODS.has(c.req.method) && origin !== undefined && !isLoopbackOrigin(origin)) throw new ApiError(403, 'forbidden', messages.foreignOrigin);
  try {
    return await authenticate(ctx, `Bearer ${cookie}`, alongside);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, error.code, messages.invalidCookie);
    throw error;
  }
}
