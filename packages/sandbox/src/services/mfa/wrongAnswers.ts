import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';

/**
 * Wrong second-factor answers per user, whatever the token or session they came with: at most this many in
 * `WRONG_MFA_CODES_WINDOW_SECONDS`. Each primary sign-in gives a new token with its own `MAX_WRONG_MFA_CODES`, so
 * without a bound per user a holder of the first factor could guess on and on.
 */
export const MAX_WRONG_MFA_CODES_PER_USER = 10;
export const WRONG_MFA_CODES_WINDOW_SECONDS = 15 * 60;

const WRONG_ANSWERS_BUCKET = 'mfa:wrong';

/**
 * 429 `too_many_verification_attempts` (with its Retry-After) while the user has `MAX_WRONG_MFA_CODES_PER_USER` wrong
 * answers in the window — before the answer is looked at, so a right guess past the budget opens nothing. Holds the
 * user's advisory lock to the end of the transaction: concurrent answers are counted one after the other.
 */
export async function assertUserMayAnswer(ctx: SandboxContext, tx: Queryable, userId: string, tooMany: string): Promise<void> {
  const now = ctx.now();
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${ctx.environmentId}\n${WRONG_ANSWERS_BUCKET}\n${userId}`]);
  const [row] = await tx.query<{ count: number; oldest: string | Date | null }>(
    'SELECT count(*)::int AS count, min(at) AS oldest FROM rate_limit_events WHERE environment_id = $1 AND bucket = $2 AND key = $3 AND at > $4',
    [ctx.environmentId, WRONG_ANSWERS_BUCKET, userId, new Date(now.getTime() - WRONG_MFA_CODES_WINDOW_SECONDS * 1000).toISOString()],
  );
  if (!row || row.count < MAX_WRONG_MFA_CODES_PER_USER) return;
  const freesAt = (row.oldest === null ? now : new Date(row.oldest)).getTime() + WRONG_MFA_CODES_WINDOW_SECONDS * 1000;
  const error = new ApiError(429, 'too_many_verification_attempts', tooMany);
  error.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw error;
}

/** Counts a wrong answer against the user (rows of `rate_limit_events`, swept with the others). */
export async function countWrongAnswer(ctx: SandboxContext, tx: Queryable, userId: string): Promise<void> {
  await tx.query('INSERT INTO rate_limit_events (environment_id, bucket, key, at) VALUES ($1, $2, $3, $4)', [ctx.environmentId, WRONG_ANSWERS_BUCKET, userId, ctx.now().toISOString()]);
}
