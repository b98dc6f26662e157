import type { Queryable } from '../../db/database.js';

/**
 * Locks the users' rows (`FOR UPDATE`) in the transaction `tx`, in id order — two requests locking the same users wait
 * for each other rather than deadlock — and answers the ids of those that exist. Whatever decides a change to a user
 * (its ways in, its second factors, its wallets) is read after this, so that two such changes take turns and the
 * second sees the first (on PostgreSQL, which runs them at once).
 */
export async function lockUsers(tx: Queryable, ...userIds: string[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [userIds]);
  return rows.map((row) => row.id);
}

/**
 * Takes the transaction-scoped advisory lock of the credential `format`/`identifier` (an identifier given as SQL — a
 * SELECT yielding `identifier`, see `SignInIdentity` — locks whatever it yields, nothing when no row). Whatever creates
 * a credential holds it, so that of two requests creating one identity the second waits for the first to commit and,
 * in its next statement, sees what the first made — the owner to sign in, or the error that the identity is taken —
 * rather than failing on the unique key.
 */
export function lockIdentity(q: Queryable, environmentId: string, format: string, identity: string | { from: (param: (value: unknown) => string) => string }): Promise<unknown> {
  const params: unknown[] = [environmentId, format];
  const key = (identifier: string) => `hashtextextended($1::text || E'\\ncredential\\n' || $2::text || E'\\n' || ${identifier}, 0)`;
  if (typeof identity === 'string') {
    params.push(identity);
    return q.query(`SELECT count(pg_advisory_xact_lock(${key('$3::text')}))::int AS locked`, params);
  }
  const from = identity.from((value) => `$${params.push(value)}`);
  return q.query(`SELECT count(pg_advisory_xact_lock(${key('identity.identifier')}))::int AS locked FROM (${from}) identity`, params);
}

/**
 * Takes the transaction-scoped advisory lock of `value` in the unique field `field` (a kyc or custom field marked
 * unique, which no index guards): of two users saving one value at once, the second waits for the first to commit
 * and its check, in a later statement, sees the value taken.
 */
export function lockFieldValue(q: Queryable, environmentId: string, field: string, value: unknown): Promise<unknown> {
  return q.query(`SELECT count(pg_advisory_xact_lock(hashtextextended($1::text || E'\\nfield\\n' || $2::text || E'\\n' || $3::text, 0)))::int AS locked`, [
    environmentId,
    field,
    JSON.stringify(value),
  ]);
}
