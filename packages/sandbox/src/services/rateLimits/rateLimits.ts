import type { ProjectSettings, RateLimitWindow } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';

/**
 * Sliding-window rate limits kept in the database (so every sandbox process on one PostgreSQL counts the same
 * events): a rule allows at most `limit` events per key in any `windowSeconds`. Events are rows of
 * `rate_limit_events`; a key's rows are counted under a transaction-scoped advisory lock, so concurrent requests
 * cannot both take the last slot.
 */
export interface RateLimitRule {
  /** What is limited, e.g. `email:recipient`. */
  readonly bucket: string;
  /** Who or what within the bucket, e.g. the address. */
  readonly key: string;
  readonly window: RateLimitWindow;
  /** The 429 to answer when the window is full (its Retry-After is added). */
  readonly refuse: () => ApiError;
}

/** Limits for sending codes when the settings name none (`security.rateLimits`). */
export const DEFAULT_CODE_LIMITS = {
  perRecipient: { limit: 20, windowSeconds: 600 },
  perClient: { limit: 300, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitWindow>;

/** Rows older than this are never counted again (the longest window a setting may name). */
const MAX_WINDOW_SECONDS = 86_400;

/**
 * Counts one event against each rule, inside the caller's transaction; the first full window throws its 429 with
 * `retryAfterSeconds` (when its oldest event leaves the window), and nothing is counted then (the caller's
 * transaction rolls back).
 */
export async function consumeRateLimits(ctx: SandboxContext, q: Queryable, rules: readonly RateLimitRule[]): Promise<void> {
  const now = ctx.now();
  for (const rule of rules) {
    const lockKey = `${ctx.environmentId}\n${rule.bucket}\n${rule.key}`;
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey]);
    const since = new Date(now.getTime() - rule.window.windowSeconds * 1000);
    const rows = await q.query<{ count: number; oldest: Date | null }>(
      'SELECT count(*)::int AS count, min(at) AS oldest FROM rate_limit_events WHERE environment_id = $1 AND bucket = $2 AND key = $3 AND at > $4',
      [ctx.environmentId, rule.bucket, rule.key, since.toISOString()],
    );
    const { count = 0, oldest = null } = rows[0] ?? {};
    if (count >= rule.window.limit) {
      const freesAt = (oldest ?? now).getTime() + rule.window.windowSeconds * 1000;
      const error = rule.refuse();
      error.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
      throw error;
    }
    // The event, and the key's rows no window can count any more, in one statement.
    await q.query(
      `WITH expired AS (DELETE FROM rate_limit_events WHERE environment_id = $1 AND bucket = $2 AND key = $3 AND at <= $5)
       INSERT INTO rate_limit_events (environment_id, bucket, key, at) VALUES ($1, $2, $3, $4)`,
      [ctx.environmentId, rule.bucket, rule.key, now.toISOString(), new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000).toISOString()],
    );
  }
}

/**
 * The rules for sending one code of `channel` to `recipient` for a client at `clientAddress`: per recipient (the
 * channel's own 429 code and message) and per client address (`too_many_requests`, 'Rate limit reached').
 */
export function codeSendRules(
  settings: ProjectSettings,
  channel: { readonly channel: 'email' | 'sms'; readonly errors: { readonly tooManyAttempts: ApiError['code']; readonly tooManyAttemptsMessage: string } },
  recipient: string,
  clientAddress: string | undefined,
): RateLimitRule[] {
  const configured = settings.security.rateLimits?.[channel.channel === 'email' ? 'emailVerification' : 'smsVerification'];
  const rules: RateLimitRule[] = [
    {
      bucket: `${channel.channel}:recipient`,
      key: recipient,
      window: configured?.perRecipient ?? DEFAULT_CODE_LIMITS.perRecipient,
      refuse: () => new ApiError(429, channel.errors.tooManyAttempts, channel.errors.tooManyAttemptsMessage),
    },
  ];
  if (clientAddress) {
    rules.push({
      bucket: `${channel.channel}:client`,
      key: clientAddress,
      window: configured?.perClient ?? DEFAULT_CODE_LIMITS.perClient,
      refuse: () => new ApiError(429, 'too_many_requests', messages.rateLimit),
    });
  }
  return rules;
}
