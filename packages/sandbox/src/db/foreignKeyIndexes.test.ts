import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { openDatabase } from './openDatabase.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory' });
});
afterAll(() => db.close());

describe('the migrated schema', () => {
  it('behavior: every foreign key has an index that starts with its columns', async () => {
    // Without one, each delete of a parent row (a user, a wallet, a custody organization) scans the whole child table
    // for its cascade, and each read of the children by their parent (a user's MPC wallets, on every sign-in and GET
    // /users; an organization's policies, on every custody request) is a sequential scan that grows with the users.
    const unindexed = await db.query<{ foreign_key: string }>(
      `SELECT format('%s (%s) -> %s', c.conrelid::regclass, string_agg(a.attname, ', ' ORDER BY k.i), c.confrelid::regclass) AS foreign_key
       FROM pg_constraint c
       CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, i)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
       WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
         AND NOT EXISTS (
           SELECT 1 FROM pg_index x
           WHERE x.indrelid = c.conrelid AND (x.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey AND (x.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
         )
       GROUP BY c.oid, c.conrelid, c.confrelid
       ORDER BY 1`,
    );
    expect(unindexed.map((row) => row.foreign_key)).toEqual([]);
  });
});
