import { randomInt } from 'node:crypto';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { anonymousStateRules, consumeRateLimits } from '../rateLimits/rateLimits.js';

/**
 * State that a request creates and that is worth nothing once expired: wallet nonces, OAuth and Telegram states,
 * passkey and session-key challenges, MFA challenges, captcha tokens — most created before anyone signs in, so without
 * a sweep every request of an anonymous client would be a row kept forever — sessions, one per sign-in (an expired
 * session is refused and cannot be refreshed), the records of custody session keys (once both the key has lapsed and
 * its session cannot be live any more: a lapsed key stays at custody with the keys it added, which /revoke deletes
 * through it), and MPC ceremony rooms (one per signature; a room
 * expires two minutes after it opens, finished or not, and is refused after — its transcript is worth nothing then).
 */
export const EXPIRING_TABLES = [
  'wallet_nonces',
  'oauth_states',
  'telegram_states',
  'passkey_challenges',
  'session_key_challenges',
  'mfa_challenges',
  'captcha_tokens',
  'sessions',
  'session_custody_keys',
  'mpc_rooms',
] as const;

export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/**
 * Rows are kept this long past their expiry, then swept. An expired row is refused like an unknown one (a captcha's
 * verdict still says `expired-input-response` for this hour); none is ever revived.
 */
export const EXPIRED_RETENTION_MS = 3_600_000;
/** A creation sweeps its own table one time in this many (at random: no counter to share between processes)… */
export const SWEEP_ONE_IN = 50;
/**
 * …and a sweep deletes at most this many rows of a kind (this one's, and the code records' of sweepCodeRecords): ten
 * per row created on average, so such a table never outgrows its traffic.
 */
export const SWEEP_BATCH = 500;

/**
 * A bounded DELETE, for a sweep's statement: at most `limit` (a placeholder) rows of `table` matching `where`, found
 * first and deleted by their row address; yields a row per deletion (`RETURNING 1`). Rows another transaction holds
 * (a sweep running at the same time, inside someone's sign-in) are skipped rather than waited for: the next sweep
 * takes them.
 */
export function boundedDelete(table: string, where: string, limit: string): string {
  return `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${limit} FOR UPDATE SKIP LOCKED)) RETURNING 1`;
}

/** Deletes at most `SWEEP_BATCH` rows of `table` (in `environmentId`) expired `EXPIRED_RETENTION_MS` before `now`; answers how many. */
export async function sweepExpired(q: Queryable, table: ExpiringTable, environmentId: string, now: Date): Promise<number> {
  const [row] = await q.query<{ deleted: number }>(
    `WITH gone AS (${boundedDelete(table, 'environment_id = $1 AND expires_at <= $2::timestamptz', '$3')}) SELECT count(*)::int AS deleted FROM gone`,
    [environmentId, new Date(now.getTime() - EXPIRED_RETENTION_MS).toISOString(), SWEEP_BATCH],
  );
  return row?.deleted ?? 0;
}

/** Where a creation sweeps: its database (or transaction), environment and clock, and how often (`SWEEP_ONE_IN` by default). */
export interface SweepPlace {
  readonly environmentId: string;
  readonly now: () => Date;
  readonly sweepOneIn: number;
}

/** What a creation of `table`'s rows calls beside its INSERT: `sweepExpired` one time in `sweepOneIn`, else nothing (0). */
export function sometimesSweepExpired(q: Queryable, table: ExpiringTable, place: SweepPlace): Promise<number> {
  return randomInt(Math.max(1, place.sweepOneIn)) === 0 ? sweepExpired(q, table, place.environmentId, place.now()) : Promise.resolve(0);
}

/**
 * Stores one row of one-time state in `table`: `insert`, and beside it — one time in `sweepOneIn` — a sweep of the
 * table's expired rows. Anonymous state (`anonymous`: created before anyone signs in) first counts against the
 * client's anonymous-state limit (`anonymousStateRules`), in one transaction with the insert: over it, nothing is
 * stored and the 429 (`too_many_requests`, with its Retry-After) is thrown.
 */
export async function storeOneTimeState(
  ctx: SandboxContext,
  table: ExpiringTable,
  insert: (q: Queryable) => Promise<unknown>,
  options: { anonymous?: boolean } = {},
): Promise<void> {
  const rules = options.anonymous && ctx.clientAddress ? anonymousStateRules(ctx, await ctx.settings.get()) : [];
  const stored =
    rules.length === 0
      ? insert(ctx.db)
      : ctx.db.transaction(async (tx) => {
          await Promise.all([insert(tx), consumeRateLimits(ctx, tx, rules)]);
        });
  await Promise.all([stored, sometimesSweepExpired(ctx.db, table, ctx)]);
}
