import type { ProjectSettings, RateLimitWindow } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import { clientPseudonym } from '../privacy/clientAddress.js';

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

/**
 * How much anonymous one-time state (wallet nonces, OAuth and Telegram states, passkey sign-in challenges, together)
 * one client address may create when the settings name no limit (`security.rateLimits.anonymousState.perClient`): a
 * page needs one per attempt, a script asking for more only fills the database.
 */
export const ANONYMOUS_STATE_LIMIT = { limit: 600, windowSeconds: 60 } as const satisfies RateLimitWindow;

/** Rows older than this are never counted again (the longest window a setting may name). */
export const MAX_WINDOW_SECONDS = 86_400;

/** Adds a statement parameter and answers its placeholder (`$n`). */
export type AddParam = (value: unknown) => string;

/** One rule's window as the counting statement read it. */
export interface WindowCount {
  i: number;
  count: number;
  oldest: Date | null;
}

/**
 * The pieces of rate limiting, for a statement of the caller's own (see `consumeRateLimits` for the whole):
 * - `lock`: the statement taking the rules' advisory locks (in rule order, so two requests never wait on each other
 *   crosswise); it must run first, in a statement of its own, so that the counting statement — started after it holds
 *   the locks — takes its snapshot after the lock's previous holder committed;
 * - `ctes`: the rules, their counts and the deletion of the keys' rows no window can count any more;
 * - `room`: an SQL boolean, every window has room;
 * - `record(pass)`: the CTE adding this request's events when `pass` (an SQL boolean: `room`, and whatever else the
 *   caller requires) holds;
 * - `columns`: the counts, as one JSON column `windows`, for `refusal`;
 * - `refusal(windows)`: the first full window's 429 with its Retry-After, or undefined.
 */
export function rateLimitParts(ctx: SandboxContext, rules: readonly RateLimitRule[], param: AddParam) {
  const now = ctx.now();
  const environment = param(ctx.environmentId);
  const lock = {
    sql: 'SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))::int AS locked FROM unnest($1::text[]) WITH ORDINALITY AS t(k, i)',
    params: [rules.map((rule) => `${ctx.environmentId}\n${rule.bucket}\n${rule.key}`)],
  };
  const buckets = param(rules.map((rule) => rule.bucket));
  const keys = param(rules.map((rule) => rule.key));
  const limits = param(rules.map((rule) => rule.window.limit));
  const since = param(rules.map((rule) => new Date(now.getTime() - rule.window.windowSeconds * 1000).toISOString()));
  const forgotten = param(new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000).toISOString());
  return {
    lock,
    ctes: `rules AS (
       SELECT * FROM unnest(${buckets}::text[], ${keys}::text[], ${limits}::int[], ${since}::timestamptz[]) WITH ORDINALITY AS r(bucket, key, max_events, since, i)
     ), counts AS (
       -- One index range per rule (a join of all rules' events, grouped, sorted every event in the windows).
       SELECT r.i, r.max_events, w.count, w.oldest FROM rules r CROSS JOIN LATERAL (
         SELECT count(*)::int AS count, min(e.at) AS oldest FROM rate_limit_events e
         WHERE e.environment_id = ${environment} AND e.bucket = r.bucket AND e.key = r.key AND e.at > r.since
       ) w
     ), expired AS (
       -- By the keys' index ranges (bucket and key as arrays: a row of one rule's bucket and another's key, that old,
       -- goes too, as no window counts it either). Written as a join with the rules, a plan made while the table was
       -- small scans the environment's every event by age instead, and a generic plan keeps that for good.
       DELETE FROM rate_limit_events e WHERE e.environment_id = ${environment} AND e.bucket = ANY(${buckets}::text[]) AND e.key = ANY(${keys}::text[]) AND e.at <= ${forgotten}
     )`,
    room: 'NOT EXISTS (SELECT 1 FROM counts WHERE counts.count >= counts.max_events)',
    record: (pass: string) => `added AS (
       INSERT INTO rate_limit_events (environment_id, bucket, key, at)
       SELECT ${environment}, r.bucket, r.key, ${param(now.toISOString())} FROM rules r WHERE ${pass}
     )`,
    columns: `(SELECT json_agg(json_build_object('i', i, 'count', count, 'oldest', oldest) ORDER BY i) FROM counts) AS windows`,
    refusal(windows: readonly { i: number; count: number; oldest: string | Date | null }[]): ApiError | undefined {
      for (const [index, rule] of rules.entries()) {
        const { count = 0, oldest = null } = windows.find((window) => Number(window.i) === index + 1) ?? {};
        if (count < rule.window.limit) continue;
        const freesAt = (oldest === null ? now : new Date(oldest)).getTime() + rule.window.windowSeconds * 1000;
        const error = rule.refuse();
        error.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
        return error;
      }
      return undefined;
    },
  };
}

/**
 * Counts one event against each rule, inside the caller's transaction; the first full window throws its 429 with
 * `retryAfterSeconds` (when its oldest event leaves the window), and nothing is counted then (the caller's
 * transaction rolls back). Two statements whatever the number of rules, sent together: the advisory locks, then the
 * counts, the new events when every window has room, and the keys' rows no window can count any more (see
 * `rateLimitParts`). The locks are held to the end of the transaction: issue this last in it, so other requests for
 * the same key wait as little as possible.
 */
export async function consumeRateLimits(ctx: SandboxContext, q: Queryable, rules: readonly RateLimitRule[]): Promise<void> {
  if (rules.length === 0) return;
  const refusal = await judgeWindows(ctx, q, rules, { record: true });
  if (refusal) throw refusal;
}

/**
 * The rules' windows judged as `consumeRateLimits` does — the same locks, held to the end of the transaction, and the
 * same 429 — without counting this request: for a caller that counts only some outcomes (`recordRateLimitEvent`).
 */
export async function assertRateLimitRoom(ctx: SandboxContext, q: Queryable, rules: readonly RateLimitRule[]): Promise<void> {
  if (rules.length === 0) return;
  const refusal = await judgeWindows(ctx, q, rules, { record: false });
  if (refusal) throw refusal;
}

/** Counts one event against a rule's key (under the lock `assertRateLimitRoom` took). */
export async function recordRateLimitEvent(ctx: SandboxContext, q: Queryable, rule: Pick<RateLimitRule, 'bucket' | 'key'>): Promise<void> {
  await q.query('INSERT INTO rate_limit_events (environment_id, bucket, key, at) VALUES ($1, $2, $3, $4)', [ctx.environmentId, rule.bucket, rule.key, ctx.now().toISOString()]);
}

/** The locks, then the counts (and with `record`, the events when every window has room): the first full window's 429. */
async function judgeWindows(ctx: SandboxContext, q: Queryable, rules: readonly RateLimitRule[], { record }: { record: boolean }): Promise<ApiError | undefined> {
  const params: unknown[] = [];
  const parts = rateLimitParts(ctx, rules, (value) => `$${params.push(value)}`);
  // Both statements go out together (one round trip): the second still starts — and takes its snapshot — only once
  // the first holds the locks.
  const locked = q.query(parts.lock.sql, parts.lock.params);
  const counted = q.query<{ windows: WindowCount[] }>(`WITH ${parts.ctes}${record ? `, ${parts.record(parts.room)}` : ''} SELECT ${parts.columns}`, params);
  const [, [row]] = await Promise.all([locked, counted]);
  return parts.refusal(row?.windows ?? []);
}

/**
 * The mailbox an address delivers to, as far as the limit per recipient is concerned: without a `+tag` sub-address
 * (`ada+1@example.com` and `ada+2@example.com` fill one inbox), lower-cased.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.toLowerCase();
  const local = email.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`.toLowerCase();
}

/**
 * The rules for sending one code of `channel` to `recipient` for the client known as `clientKey`: per recipient (the
 * channel's own 429 code and message; an e-mail counted by its mailbox, `mailboxOf`) and per client
 * (`too_many_requests`, 'Rate limit reached'). `clientKey` is the keyed hash of the client's address
 * (`clientPseudonym`): the rows this writes hold no IP address.
 */
export function codeSendRules(
  settings: ProjectSettings,
  channel: { readonly channel: 'email' | 'sms'; readonly errors: { readonly tooManyAttempts: ApiError['code']; readonly tooManyAttemptsMessage: string } },
  recipient: string,
  clientKey: string | undefined,
): RateLimitRule[] {
  const configured = settings.security.rateLimits?.[channel.channel === 'email' ? 'emailVerification' : 'smsVerification'];
  const rules: RateLimitRule[] = [
    {
      bucket: `${channel.channel}:recipient`,
      key: channel.channel === 'email' ? mailboxOf(recipient) : recipient,
      window: configured?.perRecipient ?? DEFAULT_CODE_LIMITS.perRecipient,
      refuse: () => new ApiError(429, channel.errors.tooManyAttempts, channel.errors.tooManyAttemptsMessage),
    },
  ];
  if (clientKey) rules.push(perClientRule(`${channel.channel}:client`, clientKey, configured?.perClient ?? DEFAULT_CODE_LIMITS.perClient));
  return rules;
}

/** A limit per client (`clientKey`: the keyed hash of its address): past `window`, 429 `too_many_requests` ('Rate limit reached'). */
function perClientRule(bucket: string, clientKey: string, window: RateLimitWindow): RateLimitRule {
  return { bucket, key: clientKey, window, refuse: () => new ApiError(429, 'too_many_requests', messages.rateLimit) };
}

/**
 * The rule for creating anonymous one-time state for the request's client (`ctx.clientAddress`, counted by its keyed
 * hash): the settings' `anonymousState.perClient` window (`ANONYMOUS_STATE_LIMIT` when they name none), then
 * `too_many_requests` ('Rate limit reached'). None without a client address.
 */
export function anonymousStateRules(ctx: Pick<SandboxContext, 'clientAddress' | 'mpc'>, settings: ProjectSettings): RateLimitRule[] {
  const window = settings.security.rateLimits?.anonymousState?.perClient ?? ANONYMOUS_STATE_LIMIT;
  return ctx.clientAddress ? [perClientRule('state:client', clientPseudonym(ctx.mpc, ctx.clientAddress), window)] : [];
}
