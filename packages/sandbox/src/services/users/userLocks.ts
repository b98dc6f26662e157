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
 * The SQL that takes the transaction-scoped advisory lock named by `parts` (SQL expressions: parameters, columns,
 * literals; joined by newlines, as the rate limits' keys are), as a boolean column (a row-locking SELECT allows no
 * aggregate).
 */
function advisoryLockSql(...parts: string[]): string {
  return `(pg_advisory_xact_lock(hashtextextended(${parts.map((part) => `${part}::text`).join(` || E'\\n' || `)}, 0)) IS NULL)`;
}

/**
 * The SQL that takes the advisory lock of the credential `format`/`identifier` (each an SQL expression). Whatever
 * creates a credential holds this lock, so that of two requests creating one identity the second waits for the first
 * to commit and, in its next statement, sees what the first made — the owner to sign in, or the error that the
 * identity is taken — rather than failing on the unique key.
 */
export function identityLockSql(environmentId: string, format: string, identifier: string): string {
  return advisoryLockSql(environmentId, "'credential'", format, identifier);
}

/** Takes the identity lock (`identityLockSql`) of the credential `format`/`identifier`, in a statement of its own. */
export function lockIdentity(q: Queryable, environmentId: string, format: string, identifier: string): Promise<unknown> {
  return q.query(`SELECT ${identityLockSql('$1', '$2', '$3')} AS locked`, [environmentId, format, identifier]);
}

/**
 * Takes the transaction-scoped advisory lock of `value` in the unique field `field` (a kyc or custom field marked
 * unique, which no index guards): of two users saving one value at once, the second waits for the first to commit
 * and its check, in a later statement, sees the value taken.
 */
export function lockFieldValue(q: Queryable, environmentId: string, field: string, value: unknown): Promise<unknown> {
  return q.query(`SELECT ${advisoryLockSql('$1', "'field'", '$2', '$3')} AS locked`, [environmentId, field, JSON.stringify(value)]);
}
