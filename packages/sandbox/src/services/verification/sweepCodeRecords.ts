import type { Queryable } from '../../db/database.js';
import { MAX_WINDOW_SECONDS } from '../rateLimits/rateLimits.js';
import { boundedDelete, SWEEP_BATCH } from '../retention/sweepExpired.js';

/** A verification is kept this long past its expiry (a retry can still revive it until then); then it is swept. */
export const VERIFICATION_RETENTION_MS = 86_400_000;
/**
 * A sweep runs once every this many codes sent (`seq`: the inbox's, as for `trimInbox`), and deletes at most
 * `SWEEP_BATCH` rows of each kind: more than the sends in between can add, so storage stays bounded.
 */
export const SWEEP_EVERY = 50;

/**
 * What sending codes leaves behind, swept: e-mail and SMS verifications a day old and a day past their expiry, and rate-limit events
 * older than any window counts (a key's own old events go when that key is counted again; these are the keys never
 * seen again — every new recipient). Without it, codes sent to ever new addresses grow the database without bound.
 * One statement, bounded, once every `SWEEP_EVERY` codes; returns how many rows it deleted.
 */
export async function sweepCodeRecords(q: Queryable, environmentId: string, now: Date, seq: number | string | null | undefined): Promise<number> {
  if (Number(seq ?? 0) % SWEEP_EVERY !== 0) return 0;
  const verificationsBefore = new Date(now.getTime() - VERIFICATION_RETENTION_MS).toISOString();
  const eventsBefore = new Date(now.getTime() - MAX_WINDOW_SECONDS * 1000).toISOString();
  // Found by age (created a day ago at least; the index the sign-in's statements never use), then by expiry (a day past
  // it: one retried since keeps going).
  const verifications = (table: string) => boundedDelete(table, 'environment_id = $1 AND created_at <= $3::timestamptz AND expires_at <= $3::timestamptz', '$4');
  const [row] = await q.query<{ deleted: number }>(
    `WITH events AS (${boundedDelete('rate_limit_events', 'environment_id = $1 AND at <= $2::timestamptz', '$4')}),
     email AS (${verifications('email_verifications')}), sms AS (${verifications('sms_verifications')})
     SELECT ((SELECT count(*) FROM events) + (SELECT count(*) FROM email) + (SELECT count(*) FROM sms))::int AS deleted`,
    [environmentId, eventsBefore, verificationsBefore, SWEEP_BATCH],
  );
  return row?.deleted ?? 0;
}
