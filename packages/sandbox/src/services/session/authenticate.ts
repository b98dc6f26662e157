import type { SandboxContext } from '../../context.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { findSession, type SessionRow } from './sessionRepository.js';

export interface Auth {
  readonly userId: string;
  readonly session: SessionRow;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Resolves an `Authorization` header to a live session: a valid RS256 token (signature, issuer,
 * audience, expiry) whose session exists, belongs to the token's user, is not revoked and has
 * not expired. 401 `unauthorized` or `session_expired` otherwise.
 */
export async function authenticate(ctx: SandboxContext, authorization: string | undefined): Promise<Auth> {
  const token = authorization?.match(BEARER)?.[1];
  if (!token) throw new ApiError(401, 'unauthorized', messages.missingToken);
  const { userId, sessionId } = await ctx.tokens.verify(token);
  const session = await findSession(ctx.db, ctx.environmentId, sessionId);
  if (!session || session.user_id !== userId) throw new ApiError(401, 'unauthorized', messages.invalidToken);
  if (session.revoked_at) throw new ApiError(401, 'unauthorized', messages.sessionRevoked);
  if (session.expires_at.getTime() <= ctx.now().getTime()) throw new ApiError(401, 'session_expired', messages.sessionExpired);
  return { userId, session };
}
