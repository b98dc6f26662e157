import { describe, expect, inject, it } from 'vitest';

// Runs only in the PostgreSQL run (vitest.postgres.config.ts); the main run excludes *.postgres.test.ts.
/** test/postgresSetup.ts: in the PostgreSQL run, every test sandbox gets its own database in the cluster. */
describe('vitest global setup (PostgreSQL run)', () => {
  it('default: a test sandbox runs on its own fresh PostgreSQL database, dropped when it closes', async () => {
    const { default: pg } = await import('pg');
    const { startTestSandbox } = await import('./testSandbox.js');
    const client = new pg.Client({ connectionString: inject('sandboxPostgresUrl') });
    await client.connect();
    const names = async () => (await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'sandbox\\_%'`)).rows.map((row) => row.datname);
    try {
      const before = await names();
      const t = await startTestSandbox();
      const during = await names();
      const mine = during.filter((name) => !before.includes(name));
      expect(mine).toHaveLength(1);
      const signedIn = await t.signIn('on-postgres@example.com');
      const users = await client.query(`SELECT count(*)::int AS n FROM pg_database WHERE datname = $1`, [mine[0]]);
      expect(users.rows[0].n).toBe(1);
      expect(signedIn.jwt).toEqual(expect.any(String));
      await t.close();
      expect(await names()).not.toContain(mine[0]);
    } finally {
      await client.end();
    }
  });
});
