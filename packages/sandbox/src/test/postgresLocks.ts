import pg from 'pg';
import { inject } from 'vitest';
import { freshPostgresDatabase, startTestSandbox, type TestSandbox } from './testSandbox.js';

/**
 * Races on PostgreSQL, run in a chosen order: a test sandbox on its own database, and a connection of the test's own
 * that holds a lock (`hold`) where the requests under test must wait — at their last write, say — until `release`.
 * `waitForWaiters` tells when they got there. PostgreSQL run only (`*.postgres.test.ts`).
 */
export interface RaceSandbox {
  readonly t: TestSandbox;
  /** The test's own connection (in a transaction after `hold`). */
  readonly locker: pg.Client;
  /** Begins the locker's transaction and runs `sql` (a LOCK TABLE, a SELECT … FOR UPDATE) in it. */
  hold(sql: string, params?: unknown[]): Promise<void>;
  /** Waits (bounded) until `count` other connections are blocked on a lock. */
  waitForWaiters(count: number): Promise<void>;
  /** Commits the locker's transaction: the waiting requests go on. */
  release(): Promise<void>;
}

export async function withRaceSandbox(run: (race: RaceSandbox) => Promise<void>): Promise<void> {
  const clusterUrl = inject('sandboxPostgresUrl');
  if (!clusterUrl) throw new Error('The PostgreSQL run provides sandboxPostgresUrl.');
  const database = await freshPostgresDatabase(clusterUrl);
  const t = await startTestSandbox({ databaseUrl: database.url });
  const locker = new pg.Client({ connectionString: database.url });
  try {
    await locker.connect();
    await run({
      t,
      locker,
      async hold(sql, params) {
        await locker.query('BEGIN');
        await locker.query(sql, params);
      },
      waitForWaiters: (count) => waitForLockWaiters(locker, count),
      async release() {
        await locker.query('COMMIT');
      },
    });
  } finally {
    await locker.end().catch(() => undefined);
    await t.close();
    await database.drop();
  }
}

/**
 * Waits (bounded) until `count` other connections to `client`'s database are blocked on a lock. A new view of the
 * activity each time, as one taken inside a transaction is kept until it ends.
 */
async function waitForLockWaiters(client: pg.Client, count: number): Promise<void> {
  const waiting = async () => {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    return Number(rows[0]?.waiting);
  };
  for (let tries = 0; tries < 200; tries += 1) {
    if ((await waiting()) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const { rows } = await client.query(
    'SELECT state, wait_event_type, wait_event, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  throw new Error(`expected ${count} requests waiting on a lock, found ${await waiting()}: ${JSON.stringify(rows)}`);
}
