import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { assertRateLimitRoom, recordRateLimitEvent, type RateLimitRule } from '../rateLimits/rateLimits.js';

/**
 * Wrong second-factor answers per user, whatever the token or session they came with: at most this many in
 * `WRONG_MFA_CODES_WINDOW_SECONDS`. Each primary sign-in gives a new token with its own `MAX_WRONG_MFA_CODES`, so
 * without a bound per user a holder of the first factor could guess on and on.
 */
export const MAX_WRONG_MFA_CODES_PER_USER = 10;
export const WRONG_MFA_CODES_WINDOW_SECONDS = 15 * 60;

const WRONG_ANSWERS_BUCKET = 'mfa:wrong';

const wrongAnswers = (userId: string, tooMany: string): RateLimitRule => ({
  bucket: WRONG_ANSWERS_BUCKET,
  key: userId,
  window: { limit: MAX_WRONG_MFA_CODES_PER_USER, windowSeconds: WRONG_MFA_CODES_WINDOW_SECONDS },
  refuse: () => new ApiError(429, 'too_many_verification_attempts', tooMany),
});

/**
 * 429 `too_many_verification_attempts` (with its Retry-After) while the user has `MAX_WRONG_MFA_CODES_PER_USER` wrong
 * answers in the window — before the answer is looked at, so a right guess past the budget opens nothing. Holds the
 * user's advisory lock to the end of the transaction: concurrent answers are counted one after the other.
 */
export function assertUserMayAnswer(ctx: SandboxContext, tx: Queryable, userId: string, tooMany: string): Promise<void> {
  return assertRateLimitRoom(ctx, tx, [wrongAnswers(userId, tooMany)]);
}

/** Counts a wrong answer against the user (rows of `rate_limit_events`, swept with the others). */
export function countWrongAnswer(ctx: SandboxContext, tx: Queryable, userId: string): Promise<void> {
  return recordRateLimitEvent(ctx, tx, { bucket: WRONG_ANSWERS_BUCKET, key: userId });
}
