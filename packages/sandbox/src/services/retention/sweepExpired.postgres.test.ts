import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { openDatabase } from '../../db/openDatabase.js';
import { freshPostgresDatabase } from '../../test/testSandbox.js';
import { EXPIRED_RETENTION_MS, sweepExpired } from './sweepExpired.js';

// Runs only in the PostgreSQL run (vitest.postgres.config.ts): on PGlite, one connection, transactions never overlap.
let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await freshPostgresDatabase(inject('sandboxPostgresUrl')!);
  drop = database.drop;
  db = await openDatabase({ dataDir: 'unused', databaseUrl: database.url });
});
afterAll(async () => {
  await db.close();
  await drop();
});

const now = new Date('2026-06-01T12:00:00.000Z');
const longAgo = new Date(now.getTime() - 2 * EXPIRED_RETENTION_MS).toISOString();

describe('sweepExpired on PostgreSQL', () => {
  it('behavior: a sweep skips the rows a concurrent sweep holds (inside someone’s sign-in) instead of waiting for its commit', async () => {
    const env = 'sweep-concurrent';
    const userId = randomUUID();
    await db.query('INSERT INTO users (id, environment_id, first_visit, last_visit) VALUES ($1, $2, $3, $3)', [userId, env, now.toISOString()]);
    for (let i = 0; i < 3; i++) {
      await db.query('INSERT INTO sessions (id, environment_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $4)', [randomUUID(), env, userId, longAgo]);
    }
    const outcome = await db.transaction(async (tx) => {
      const held = await sweepExpired(tx, 'sessions', env, now);
      // The other sweep, on another connection, while this transaction holds the three rows it deleted.
      const other = await Promise.race([
        sweepExpired(db, 'sessions', env, now),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
      ]);
      return { held, other };
    });
    expect(outcome).toEqual({ held: 3, other: 0 });
    expect(await db.query('SELECT 1 FROM sessions WHERE environment_id = $1', [env])).toEqual([]);
  });
});
