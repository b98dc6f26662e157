import { describe, expect, it } from 'vitest';
import { openPgliteDatabase, startMaintenance } from './pgliteDatabase.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite maintenance (startMaintenance)', () => {
  it('default: a table that grew is vacuumed and analyzed while the database is open; a table of a few pages is left alone', async () => {
    const db = await openPgliteDatabase('memory', { maintenanceEveryMs: 5 });
    try {
      await db.exec(`CREATE TABLE grown (id int PRIMARY KEY, note text); CREATE TABLE small (id int PRIMARY KEY);
        INSERT INTO grown SELECT g, repeat('x', 100) FROM generate_series(1, 10000) g; INSERT INTO small SELECT g FROM generate_series(1, 10) g`);
      const maintained = async (table: string) =>
        (await db.query<{ done: boolean }>(`SELECT last_vacuum IS NOT NULL AND last_analyze IS NOT NULL AS done FROM pg_stat_user_tables WHERE relname = $1`, [table]))[0]?.done;
      // Bounded wait for the maintenance's turn.
      for (let i = 0; i < 400 && !(await maintained('grown')); i++) await sleep(10);
      expect(await maintained('grown')).toBe(true);
      // The planner now knows its size.
      const [stats] = await db.query<{ reltuples: number }>(`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'grown'`);
      expect(stats?.reltuples).toBe(10_000);
      expect(await maintained('small')).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('error: a failing VACUUM is reported and the next turns go on; stop ends them', async () => {
    const statements: string[] = [];
    const errors: unknown[] = [];
    let failNext = true;
    const q = {
      async query<Row extends object>(): Promise<Row[]> {
        statements.push('stalest?');
        return [{ name: 'grown' }] as unknown as Row[];
      },
      async exec(sql: string): Promise<void> {
        statements.push(sql);
        if (failNext) {
          failNext = false;
          throw new Error('disk on fire');
        }
      },
    };
    const stop = startMaintenance(q, 5, (error) => errors.push(error));
    for (let i = 0; i < 200 && statements.filter((sql) => sql.startsWith('VACUUM')).length < 2; i++) await sleep(5);
    stop();
    expect(statements.slice(0, 4)).toEqual(['stalest?', 'VACUUM (ANALYZE) grown', 'stalest?', 'VACUUM (ANALYZE) grown']);
    expect(errors).toEqual([new Error('disk on fire')]);
    const count = statements.length;
    await sleep(30);
    expect(statements.length).toBe(count);
  });
});
