import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { sometimesSweepExpired } from '../retention/sweepExpired.js';
import { SESSION_MAX_LIFETIME_S } from '../session/signInResponse.js';
import { loadAccessGate } from '../wallets/accessList.js';
import { deleteCustodyKeys, type CustodyUser } from './deleteSessionKeys.js';

/**
 * Which product session a custody session key belongs to (`session_custody_keys`, migration 118), so that ending the
 * session can delete the key at custody (`deleteSessionKeys`). Every way the product API puts a key on a wallet's
 * custody user for a session records it: the key given at wallet creation, a registered session key (with or without
 * a proof), an e-mail recovery key.
 *
 * Against a session ended while its key is being added, a registration runs: record → create at custody →
 * `assertSessionStillLive`. Ending a session runs: mark it ended → delete its recorded keys at custody (see
 * `endSessions.ts`). Whatever the interleaving, either the ending's deletion finds the key (recorded before it was
 * created, and created before the deletion read custody), or the registration's check comes after the session ended
 * and deletes the key itself.
 */

/**
 * A key of `custodyUser` (by its public key, or the id custody gave it) recorded for `sessionId`, lapsing after
 * `seconds`. The record lives as long as the key or its session can, whichever is later: a lapsed key stays at custody
 * with every key it added (renewed), and ending the session deletes it, and with it that chain — a record swept at the
 * key's lapse let a chain renewed from a stolen key outlive the sign-out.
 */
export async function recordSessionKey(
  ctx: SandboxContext,
  q: Queryable,
  record: { userId: string; sessionId: string; custodyUser: CustodyUser; publicKey?: string; apiKeyId?: string; seconds: number },
): Promise<void> {
  const now = ctx.now();
  await Promise.all([
    q.query(
      `INSERT INTO session_custody_keys (id, environment_id, user_id, session_id, sub_organization_id, custody_user_id, public_key, api_key_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, greatest($10::timestamptz,
         (SELECT greatest(s.expires_at, s.created_at + make_interval(secs => $11)) FROM sessions s WHERE s.id = $4)))`,
      // The latest its session can end: a refresh extends it up to its sign-in plus SESSION_MAX_LIFETIME_S, or plus one
      // jwtDuration when that is longer — and then the session's expiry is already that (see `sessionExpiresAt`).
      [
        randomUUID(),
        ctx.environmentId,
        record.userId,
        record.sessionId,
        record.custodyUser.sub_organization_id,
        record.custodyUser.custody_user_id,
        record.publicKey?.toLowerCase() ?? null,
        record.apiKeyId ?? null,
        now.toISOString(),
        new Date(now.getTime() + record.seconds * 1000).toISOString(),
        SESSION_MAX_LIFETIME_S,
      ],
    ),
    sometimesSweepExpired(q, 'session_custody_keys', ctx),
  ]);
}

/**
 * After custody created a key for `sessionId`: when the session has ended meanwhile (revoked, expired, or its user
 * deleted), or its user lost access (the list narrowed), deletes that key at custody and refuses with the session's
 * 401 (or 403 `user_without_access`) — the ending, or the narrowing's sweep, may have looked for the session's keys
 * before this one existed.
 */
export async function assertSessionStillLive(ctx: SandboxContext, sessionId: string, custodyUser: CustodyUser, key: { publicKey: string } | { apiKeyId: string }): Promise<void> {
  const [session] = await ctx.db.query<{ user_id: string; revoked_at: Date | null; expires_at: Date }>(
    'SELECT user_id, revoked_at, expires_at FROM sessions WHERE environment_id = $1 AND id = $2',
    [ctx.environmentId, sessionId],
  );
  const live = session && !session.revoked_at && session.expires_at.getTime() > ctx.now().getTime();
  // …and its user still has access: the admin narrowing the list meanwhile swept the user's keys before this one was
  // at custody, and the route checked access before that.
  const withoutAccess = live ? await (await loadAccessGate(ctx, ctx.db)).userRefusal(ctx.db, session.user_id) : undefined;
  if (live && !withoutAccess) return;
  await deleteCustodyKeys(ctx, custodyUser, (listed) => ('apiKeyId' in key ? listed.apiKeyId === key.apiKeyId : listed.publicKey === key.publicKey.toLowerCase()));
  if (withoutAccess) throw withoutAccess;
  if (!session) throw new ApiError(401, 'unauthorized', messages.invalidToken);
  if (session.revoked_at) throw new ApiError(401, 'unauthorized', messages.sessionRevoked);
  throw new ApiError(401, 'session_expired', messages.sessionExpired);
}
