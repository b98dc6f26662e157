import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './database.js';
import { openPgliteDatabase, type PgliteDatabase } from './pgliteDatabase.js';
import { DEFAULT_TEMPLATE_DIR, openPgliteWithTemplate, templateFileName } from './pgliteTemplate.js';
import { createWireSession, MAX_NAMED_STATEMENTS, pgliteExchange, type WireSession } from './pgliteWire.js';

/**
 * The PGlite wire session (pgliteWire.ts): rows as PGlite's own query() reads them, statements parsed once, whatever
 * waits sent in one exchange, errors per statement, transactions whole.
 */
let db: PgliteDatabase;
let backend: PGlite;
let session: WireSession;
let exchanges = 0;
let reference: PGlite;

beforeAll(async () => {
  // Fresh databases from the migrated template (openPgliteWithTemplate writes it on first use): no slow initdb.
  await (await openPgliteWithTemplate('memory')).close();
  const template = new Blob([await readFile(path.join(DEFAULT_TEMPLATE_DIR, templateFileName()))]);
  db = await openPgliteDatabase('memory', { template });
  backend = await PGlite.create('memory://', { loadDataDir: template });
  reference = await PGlite.create('memory://', { loadDataDir: template });
  // Counted exchanges.
  session = createWireSession({
    exchange: (message) => {
      exchanges += 1;
      return pgliteExchange(backend, message);
    },
    parsers: backend.parsers,
    serializers: backend.serializers,
  });
  await session.exec('CREATE TABLE probe (id integer PRIMARY KEY, note text)');
}, 60_000);
afterAll(async () => {
  await db?.close();
  await backend?.close();
  await reference?.close();
});

/** Exchanges `work` made. */
async function counted(work: () => Promise<unknown>): Promise<number> {
  const before = exchanges;
  await work();
  return exchanges - before;
}

describe('PGlite wire session', () => {
  it('default: rows come back as PGlite query() reads them, every type the sandbox uses', async () => {
    const sql = `SELECT $1::text AS t, $2::int AS i, $3::bigint AS big, $4::boolean AS yes, $5::timestamptz AS at, $6::jsonb AS doc,
      $7::text[] AS list, $8::uuid AS id, $9::numeric AS n, NULL::text AS nothing, $10::int[] AS ints, $11::timestamptz[] AS times,
      $12::real AS r, count(*)::int AS c, $13::text AS empty, $14::boolean AS no`;
    const params = [
      'héllo ☃ "quoted" \\ back',
      42,
      '12345678901',
      true,
      new Date('2026-01-02T03:04:05.678Z'),
      JSON.stringify({ a: [1, 'x', null], b: { c: true } }),
      ['a', 'b,c', '"q"', 'ü'],
      '6f9619ff-8b86-d011-b42d-00c04fc964ff',
      '1.50',
      [1, 2, 3],
      ['2026-01-02T03:04:05.678Z', '2027-01-01T00:00:00.000Z'],
      1.5,
      '',
      false,
    ];
    const rows = await db.query(sql, params);
    expect(rows).toEqual((await reference.query(sql, params)).rows);
    expect(rows[0]).toMatchObject({ i: 42, big: 12345678901, yes: true, doc: { a: [1, 'x', null], b: { c: true } }, list: ['a', 'b,c', '"q"', 'ü'], nothing: null, ints: [1, 2, 3], empty: '', no: false });
    expect((rows[0] as { at: Date }).at.toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });

  it('behavior: a statement is parsed once, under one name, however often it runs', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    for (let i = 0; i < 3; i++) expect(await session.query(sql, [i])).toEqual([{ n: i + 1 }]);
    const prepared = await session.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [sql]);
    expect(prepared).toHaveLength(1);
  });

  it('behavior: what is issued together goes in one exchange (parsing what is new first)', async () => {
    const sql = 'SELECT $1::int * 2 AS n';
    const many = () => Promise.all(Array.from({ length: 10 }, (_, i) => session.query<{ n: number }>(sql, [i])));
    let results: { n: number }[][] = [];
    expect(await counted(async () => (results = await many()))).toBe(2);
    expect(results.map(([row]) => row!.n)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    expect(await counted(many)).toBe(1);
  });

  it('error: a statement that fails fails alone; the ones beside it run', async () => {
    await session.query('INSERT INTO probe VALUES ($1, $2)', [1, 'first']);
    const outcomes = await Promise.allSettled([
      session.query('INSERT INTO probe VALUES ($1, $2)', [2, 'second']),
      session.query('INSERT INTO probe VALUES ($1, $2)', [1, 'duplicate']),
      session.query('SELECT note FROM probe WHERE id = $1', [2]),
    ]);
    expect(outcomes[0]!.status).toBe('fulfilled');
    expect(outcomes[1]!.status).toBe('rejected');
    const error = (outcomes[1] as PromiseRejectedResult).reason;
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey', message: expect.stringContaining('duplicate key') });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: [{ note: 'second' }] });
  });

  it('error: a statement that does not parse is refused with its SQLSTATE, and is not kept', async () => {
    await expect(session.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(session.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect(await session.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('behavior: a transaction — BEGIN rides with its first statements, one exchange for what it issues together, then COMMIT', async () => {
    await session.query('SELECT note FROM probe WHERE id = $1', [0]);
    const used = await counted(() =>
      session.transaction(async (tx) => {
        await Promise.all([tx.query('INSERT INTO probe VALUES ($1, $2)', [10, 'ten']), tx.query('INSERT INTO probe VALUES ($1, $2)', [11, 'eleven'])]);
        await tx.query('SELECT note FROM probe WHERE id = $1', [10]);
      }),
    );
    expect(used).toBe(3);
    // A work that does not wait for its last statements: they, BEGIN and COMMIT in one exchange.
    expect(await counted(async () => (await session.transaction(async (tx) => ({ row: tx.query('SELECT note FROM probe WHERE id = $1', [10]) }))).row)).toBe(1);
    expect(await session.query('SELECT id FROM probe WHERE id >= 10 ORDER BY id')).toEqual([{ id: 10 }, { id: 11 }]);
    expect(await counted(() => session.transaction(async () => 'nothing'))).toBe(0);
  });

  it('behavior: a transaction rolls back when its work throws, and has the session to itself meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = session.transaction(async (tx) => {
      await tx.query('INSERT INTO probe VALUES ($1, $2)', [20, 'rolled back']);
      inserted();
      await held;
      throw new Error('abort');
    });
    await didInsert;
    let outsideDone = false;
    const outside = session.query('SELECT count(*)::int AS n FROM probe WHERE id = $1', [20]).then((rows) => {
      outsideDone = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await expect(transaction).rejects.toThrow('abort');
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it('error: COMMIT of a transaction whose statement failed (the work went on) is an error, nothing kept', async () => {
    await expect(
      session.transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES ($1, $2)', [30, 'kept?']);
        await tx.query('INSERT INTO probe VALUES ($1, $2)', [30, 'duplicate']).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await session.query('SELECT id FROM probe WHERE id = $1', [30])).toEqual([]);
  });

  it('behavior: past the bound of named statements, statements still run (unnamed)', async () => {
    const texts = Array.from({ length: MAX_NAMED_STATEMENTS + 5 }, (_, i) => `SELECT ${i}::int AS n`);
    const results = await Promise.all(texts.map((sql) => session.query<{ n: number }>(sql)));
    expect(results.map(([row]) => row!.n)).toEqual(texts.map((_, i) => i));
    const [{ count }] = (await session.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_prepared_statements')) as [{ count: number }];
    expect(count).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
  });

  it('behavior: the database dumps, a dump opens as a new database, and a closed one refuses', async () => {
    await db.exec('CREATE TABLE kept (id integer)');
    const restored = await openPgliteDatabase('memory', { template: await db.dump() });
    expect(await restored.query(`SELECT to_regclass('kept') IS NOT NULL AS present`)).toEqual([{ present: true }]);
    await restored.close();
    await expect(restored.query('SELECT 1')).rejects.toThrow();
  });
});
