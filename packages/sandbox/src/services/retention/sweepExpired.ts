import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/**
 * One-time state that a request creates and that is worth nothing once expired: wallet nonces, OAuth and Telegram
 * states, passkey and session-key challenges, MFA challenges, captcha tokens. Most are created before anyone signs in,
 * so without a sweep every request of an anonymous client would be a row kept forever.
 */
export const EXPIRING_TABLES = [
  'wallet_nonces',
  'oauth_states',
  'telegram_states',
  'passkey_challenges',
  'session_key_challenges',
  'mfa_challenges',
  'captcha_tokens',
] as const;

export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/**
 * Rows are kept this long past their expiry, then swept. An expired row is refused like an unknown one (a captcha's
 * verdict still says `expired-input-response` for this hour); none is ever revived.
 */
export const EXPIRED_RETENTION_MS = 3_600_000;
/** A creation sweeps its own table one time in this many (at random: no counter to share between processes)… */
export const SWEEP_ONE_IN = 50;
/** …and deletes at most this many rows: ten per row created on average, so such a table never outgrows its traffic. */
export const EXPIRED_SWEEP_BATCH = 500;

/** Deletes at most `EXPIRED_SWEEP_BATCH` rows of `table` (in `environmentId`) expired `EXPIRED_RETENTION_MS` before `now`; answers how many. */
export async function sweepExpired(q: Queryable, table: ExpiringTable, environmentId: string, now: Date): Promise<number> {
  const [row] = await q.query<{ deleted: number }>(
    `WITH gone AS (
       DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM ${table} WHERE environment_id = $1 AND expires_at <= $2::timestamptz LIMIT $3
       )) RETURNING 1
     ) SELECT count(*)::int AS deleted FROM gone`,
    [environmentId, new Date(now.getTime() - EXPIRED_RETENTION_MS).toISOString(), EXPIRED_SWEEP_BATCH],
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
