import { describe, expect, inject, it } from 'vitest';

// Runs only in the PostgreSQL run (vitest.postgres.config.ts); the main run excludes *.postgres.test.ts.
describe('PostgreSQL storage: connections the server ends', () => {
  it('error: the server ends the pool\'s idle connections (restart, admin) — the sandbox keeps running and the next request reconnects', async () => {
    const { default: pg } = await import('pg');
    const { startTestSandbox } = await import('../test/testSandbox.js');
    const admin = new pg.Client({ connectionString: inject('sandboxPostgresUrl') });
    await admin.connect();
    const databases = async () => (await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'sandbox\\_%'`)).rows.map((row) => row.datname);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    try {
      const before = await databases();
      const t = await startTestSandbox();
      const [mine] = (await databases()).filter((name) => !before.includes(name));
      try {
        const first = await t.signIn('idle-pool@example.com');
        // Without an error listener on the pool, an idle connection's FATAL 57P01 is an uncaught exception.
        process.prependListener('uncaughtException', onUncaught);
        const ended = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [mine]);
        expect(ended.rowCount).toBeGreaterThan(0);
        // The terminations reach the idle connections asynchronously; a request after them reconnects.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const users = await t.call('GET', '/users', { token: first.jwt });
        expect(users.status).toBe(200);
        expect((await t.signIn('idle-pool@example.com')).user.id).toBe(first.user.id);
        expect(uncaught).toEqual([]);
      } finally {
        process.removeListener('uncaughtException', onUncaught);
        await t.close();
      }
    } finally {
      await admin.end();
    }
  });
});
