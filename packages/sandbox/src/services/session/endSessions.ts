import type { SandboxContext } from '../../context.js';
import { deleteSessionKeys, type SessionKeyScope } from '../embedded/deleteSessionKeys.js';
import type { Auth } from './authenticate.js';
import { revokeSession, revokeUserSessions } from './sessionRepository.js';

/**
 * Ending sessions (POST /revoke, POST /revoke/all) ends their custody session keys too: a key stolen from a device
 * must stop signing when the user signs out, not when its `sessionKeyDuration` runs out. `/revoke` deletes the keys
 * recorded for its session (`session_custody_keys`); `/revoke/all` every API key of the user's custody users, recorded
 * or not. Custody and the database are two systems (custody calls are HTTP requests, never made inside a database
 * transaction), so the order is chosen for what a crash or a failing custody leaves behind:
 *
 * 1. Delete the keys at custody while the session is still live. A crash after this leaves a live session without its
 *    key: harmless (the kit registers a new key, with the proof its wallet needs) and repairable — the client got no
 *    answer, and its token still works to send the revoke again. The other order would leave an ended session with a
 *    live key, which its owner can no longer reach with that token.
 * 2. End the session(s) in the database. This always happens, even when custody refused or was unreachable in step 1:
 *    the sign-out the user asked for is never held hostage by custody.
 * 3. Delete again the keys of every ended session (and, for `/revoke/all`, every key not recorded for a live session).
 *    This catches a key registered while steps 1–2 ran (a registration records its key before creating it, and checks
 *    the session after: see `sessionKeyRecords.ts`), and keys a failed attempt left (their records stay until custody
 *    no longer has the key, and any later sign-out of the user retries them; a key also lapses at its own expiry).
 *
 * A custody failure in step 1 or 3 is reported on the console and the revoke still answers `{ ok: true }`: the
 * session has ended, which is what the answer says.
 */

/** Deletes the user's custody keys `scope` names; a custody failure is reported on the console, not thrown. */
export async function endCustodyKeys(ctx: SandboxContext, userId: string, scope: SessionKeyScope): Promise<void> {
  try {
    await deleteSessionKeys(ctx, userId, scope);
  } catch (error) {
    console.warn(`[sandbox] could not delete session keys at custody (${error instanceof Error ? error.message : String(error)}); they are retried on the user's next sign-out.`);
  }
}

/** POST /revoke: ends the session and its custody session keys. */
export async function endSession(ctx: SandboxContext, auth: Auth): Promise<void> {
  await endCustodyKeys(ctx, auth.userId, { session: auth.session.id });
  await revokeSession(ctx.db, auth.session.id, ctx.now());
  await endCustodyKeys(ctx, auth.userId, 'ended');
}

/** POST /revoke/all: ends every session of the user and every API key of the user's custody users. */
export async function endAllSessions(ctx: SandboxContext, auth: Auth): Promise<void> {
  await endCustodyKeys(ctx, auth.userId, 'all');
  await revokeUserSessions(ctx.db, ctx.environmentId, auth.userId, ctx.now());
  await endCustodyKeys(ctx, auth.userId, 'notLive');
}

/** How many users' ended-session keys one round of `endKeysOfEndedSessions` deletes at most (the rest: next round). */
export const ENDED_SESSION_KEYS_BATCH = 20;

/**
 * A session that simply ends — it ran out, nobody signed out — had nothing to end its custody keys: a key stolen from
 * it (or one that key added at custody, and that one's, each for a lifetime of its own) went on signing. The sandbox
 * runs this every `endedSessionKeysEveryMs` (a minute by default): the users who still have keys recorded for a
 * session that has ended (expired, revoked, or already swept) get those deleted at custody, with every key they added.
 * Answers how many users it took. A custody failure is reported, and the records stay for the next round.
 */
export async function endKeysOfEndedSessions(ctx: SandboxContext, limit = ENDED_SESSION_KEYS_BATCH): Promise<number> {
  const users = await ctx.db.query<{ user_id: string }>(
    `SELECT DISTINCT k.user_id FROM session_custody_keys k LEFT JOIN sessions s ON s.id = k.session_id
      WHERE k.environment_id = $1 AND (s.id IS NULL OR s.revoked_at IS NOT NULL OR s.expires_at <= $2) LIMIT $3`,
    [ctx.environmentId, ctx.now().toISOString(), limit],
  );
  for (const { user_id } of users) await endCustodyKeys(ctx, user_id, 'ended');
  return users.length;
}

