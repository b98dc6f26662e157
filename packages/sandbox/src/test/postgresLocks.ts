import type pg from 'pg';

/**
 * Waits (bounded) until `count` other connections to `client`'s database are blocked on a lock: how a PostgreSQL test
 * knows the requests it started have run up to the lock it holds. A new view of the activity each time, as one taken
 * inside a transaction is kept until it ends.
 */
export async function waitForLockWaiters(client: pg.Client, count: number): Promise<void> {
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
