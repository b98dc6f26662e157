import type { RouteInput, RouteTable } from '../http/mountRoutes.js';
import { endAllSessions, endSession } from '../services/session/endSessions.js';
import { ApiError, messages } from '../errors/ApiError.js';
import { sessionRefusal } from '../services/session/authenticate.js';
import { extendSession, findSession, toSessionInfo } from '../services/session/sessionRepository.js';
import { sessionExpiresAt, signInResponse } from '../services/session/signInResponse.js';

/** POST /refresh: a new token for the same session, its expiry pushed to now + `jwtDuration` (at most 30 days after its sign-in). */
async function refresh({ ctx, auth }: RouteInput<'refresh', 'session'>) {
  const settings = await ctx.settings.get();
  // A user who lost access since signing in got no further (the `session` auth kind).
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const session = await extendSession(tx, auth.session.id, sessionExpiresAt(now, settings, auth.session.created_at), now);
    // Ended since the request was authenticated: refused as a request after the ending would be.
    if (!session) throw sessionRefusal(await findSession(tx, ctx.environmentId, auth.session.id), auth.userId, now) ?? new ApiError(401, 'unauthorized', messages.invalidToken);
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}

/** POST /revoke: ends the session (every token of it) and deletes its session keys at custody; also for a user who lost access. */
async function revoke({ ctx, auth }: RouteInput<'revoke', 'sessionLeaving'>) {
  await endSession(ctx, auth);
  return { ok: true as const };
}

/**
 * POST /revoke/all: ends every session of the user — on every device, this one too ("sign out everywhere") — and
 * deletes every API key of the user's embedded wallets at custody.
 */
async function revokeAll({ ctx, auth }: RouteInput<'revokeAll', 'sessionLeaving'>) {
  await endAllSessions(ctx, auth);
  return { ok: true as const };
}

/** GET /session: the session the token stands for. */
async function getSession({ auth }: RouteInput<'getSession', 'session'>) {
  return toSessionInfo(auth.session);
}

export const sessionRoutes: RouteTable = {
  refresh: { auth: 'session', handler: refresh },
  revoke: { auth: 'sessionLeaving', handler: revoke },
  revokeAll: { auth: 'sessionLeaving', handler: revokeAll },
  getSession: { auth: 'session', handler: getSession },
};
