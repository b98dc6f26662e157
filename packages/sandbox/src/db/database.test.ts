import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsStore, loadSeedSettings } from '../services/settings/settingsStore.js';
import { DEFAULT_SEED_FILE } from '../startSandbox.js';
import { startTestSandbox } from '../test/testSandbox.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../test/postgresCluster.js';
import { isUniqueViolation, type Database } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations.js';
import { openDatabase } from './openDatabase.js';

/**
 * The one storage interface, run against both engines: PGlite always; a real PostgreSQL server
 * (a throwaway cluster) when the PostgreSQL binaries are installed, which they are on the
 * project's machines.
 */
const postgresBin = findPostgresBin();
let cluster: PostgresCluster | undefined;

const engines: { name: string; available: boolean; open: () => Promise<Database> }[] = [
  { name: 'PGlite', available: true, open: () => openDatabase({ dataDir: 'memory' }) },
  {
    name: `PostgreSQL${postgresBin ? '' : ' (binaries not installed)'}`,
    available: postgresBin !== undefined,
    open: async () => {
      cluster ??= await startPostgresCluster(postgresBin!);
      return openDatabase({ dataDir: 'unused', databaseUrl: cluster.url });
    },
  },
];

afterAll(async () => {
  await cluster?.stop();
});

describe.each(engines)('$name', ({ available, open }) => {
  let db: Database;
  beforeAll(async () => {
    if (available) db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it.runIf(available)('default: the schema migrations are applied and recorded once', async () => {
    const recorded = await db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(recorded).toEqual(migrations.map(({ version, name }) => ({ version, name })));
    expect(await migrate(db)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'verified_credentials', 'email_verifications', 'inbox_messages', 'signing_keys']),
    );
  });

  it.runIf(available)('behavior: no two indexes of the schema are the same (each is maintained on every write)', async () => {
    const duplicates = await db.query<{ tbl: string; idx: string[] }>(
      `SELECT indrelid::regclass::text AS tbl, array_agg(indexrelid::regclass::text ORDER BY indexrelid::regclass::text) AS idx FROM pg_index
       JOIN pg_class c ON c.oid = indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
       GROUP BY indrelid, indkey::text, indclass::text, coalesce(pg_get_expr(indexprs, indrelid), ''), coalesce(pg_get_expr(indpred, indrelid), '')
       HAVING count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
  });

  it.runIf(available)('behavior: a new migration runs once; a failing one rolls back and is not recorded', async () => {
    const extra = [{ version: 9001, name: 'test table', sql: 'CREATE TABLE migration_probe (id integer PRIMARY KEY);' }];
    expect(await migrate(db, extra)).toEqual([9001]);
    expect(await migrate(db, extra)).toEqual([]);
    const broken = [{ version: 9002, name: 'broken', sql: 'CREATE TABLE half_done (id integer); SELECT * FROM no_such_table;' }];
    await expect(migrate(db, broken)).rejects.toThrow(/no_such_table/);
    expect(await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`)).toEqual([]);
    expect(await db.query('SELECT 1 FROM schema_migrations WHERE version = 9002')).toEqual([]);
  });

  it.runIf(available)('behavior: a transaction commits when it resolves and rolls back when it throws', async () => {
    await db.exec('CREATE TABLE tx_probe (id integer PRIMARY KEY, note text)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES ($1, $2)', [1, 'kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1, $2)', [2, 'dropped']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query('SELECT id, note FROM tx_probe ORDER BY id')).toEqual([{ id: 1, note: 'kept' }]);
  });

  it.runIf(available)('error: COMMIT of a transaction whose statement failed (the work went on) is an error, and nothing is kept', async () => {
    await db.exec('CREATE TABLE aborted_probe (id integer PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO aborted_probe VALUES (1)');
        await tx.query('INSERT INTO aborted_probe VALUES (1)').catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await db.query('SELECT id FROM aborted_probe')).toEqual([]);
  });

  it.runIf(available)('behavior: statements issued and not awaited belong to the transaction — committed with it, or failing it with their own error', async () => {
    await db.exec('CREATE TABLE unawaited_probe (id integer PRIMARY KEY)');
    const pending = await db.transaction(async (tx) => ({ inserted: tx.query('INSERT INTO unawaited_probe VALUES (1) RETURNING id') }));
    expect(await pending.inserted).toEqual([{ id: 1 }]);
    expect(await db.query('SELECT id FROM unawaited_probe')).toEqual([{ id: 1 }]);
    await expect(
      db.transaction(async (tx) => {
        void tx.query('INSERT INTO unawaited_probe VALUES (2)');
        void tx.query('INSERT INTO unawaited_probe VALUES (1)').catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id FROM unawaited_probe ORDER BY id')).toEqual([{ id: 1 }]);
    await expect(
      db.transaction(async (tx) => {
        void tx.query('INSERT INTO unawaited_probe VALUES (3)').catch(() => undefined);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query('SELECT id FROM unawaited_probe ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it.runIf(available)('behavior: pipeline — statements issued together each answer (each its own transaction: one failing fails alone)', async () => {
    await db.exec('CREATE TABLE pipeline_probe (id integer PRIMARY KEY)');
    const outcomes = await db.pipeline((q) =>
      Promise.allSettled([q.query('INSERT INTO pipeline_probe VALUES (1) RETURNING id'), q.query('INSERT INTO pipeline_probe VALUES (1)'), q.query('SELECT count(*)::int AS n FROM pipeline_probe')]),
    );
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [{ id: 1 }] });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
  });

  it.runIf(available)('behavior: settings store — seeded once, admin changes kept while the seed is the same, replaced when it changes', async () => {
    const seed = await loadSeedSettings(DEFAULT_SEED_FILE);
    const now = () => new Date();
    const environmentId = `store-${Math.random().toString(36).slice(2)}`;
    const first = await createSettingsStore({ db, environmentId, seed, now });
    expect(await first.get()).toEqual(seed.settings);
    await first.merge({ general: { supportText: 'changed' } });
    // A restart with the same seed keeps the change.
    const second = await createSettingsStore({ db, environmentId, seed, now });
    expect((await second.get()).general.supportText).toBe('changed');
    // A restart with an edited seed file takes the new seed.
    const edited = { hash: `${seed.hash}-edited`, settings: { ...seed.settings, general: { displayName: 'Edited seed' } } };
    const third = await createSettingsStore({ db, environmentId, seed: edited, now });
    expect((await third.get()).general).toEqual({ displayName: 'Edited seed' });
    expect((await third.reset()).general).toEqual({ displayName: 'Edited seed' });
  });

  it.runIf(available)('behavior: both engines read timestamps as Date, jsonb parsed, and flag unique violations', async () => {
    const [row] = await db.query<{ at: Date; doc: unknown; n: number }>(`SELECT $1::timestamptz AS at, $2::jsonb AS doc, 7::int AS n`, [
      '2026-01-02T03:04:05.678Z',
      JSON.stringify({ a: [1, 'x'] }),
    ]);
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(row?.doc).toEqual({ a: [1, 'x'] });
    expect(row?.n).toBe(7);
    await db.exec('CREATE TABLE unique_probe (id integer PRIMARY KEY)');
    await db.query('INSERT INTO unique_probe VALUES (1)');
    const error = await db.query('INSERT INTO unique_probe VALUES (1)').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });
});

describe.runIf(postgresBin !== undefined)('the sandbox on PostgreSQL (DATABASE_URL)', () => {
  it('behavior: sign-in, then a restart on the same database keeps the user and the session', async () => {
    cluster ??= await startPostgresCluster(postgresBin!);
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/postgres?application_name=latchkey-sandbox-test');
    const first = await startTestSandbox({ databaseUrl, environmentId: 'pg-env' });
    const session = await first.signIn('pg@example.com');
    await first.close();
    const second = await startTestSandbox({ databaseUrl, environmentId: 'pg-env' });
    try {
      const me = await second.call('GET', '/users', { token: session.jwt });
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(session.user.id);
    } finally {
      await second.close();
    }
  });
});
