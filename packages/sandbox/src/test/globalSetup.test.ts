import { describe, expect, inject, it } from 'vitest';
import { sandboxInfoSchema } from '../sandboxInfo.js';

/** test/setup/sandbox.ts: the one in-memory sandbox every node/jsdom test file can reach. */
describe('vitest global setup', () => {
  it('default: provides the URL and environment id of a running sandbox', async () => {
    const url = inject('sandboxUrl');
    const environmentId = inject('sandboxEnvironmentId');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const info = sandboxInfoSchema.parse(await (await fetch(`${url}/sandbox/info`)).json());
    expect(info).toMatchObject({ apiBaseUrl: url, environmentId });
    const settings = await fetch(`${url}/api/v0/sdk/${environmentId}/settings`);
    expect(settings.status).toBe(200);
  });
});

/** test/postgresSetup.ts: in the PostgreSQL run, every test sandbox gets its own database in the cluster. */
describe.runIf(inject('sandboxPostgresUrl') !== undefined)('vitest global setup (PostgreSQL run)', () => {
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
