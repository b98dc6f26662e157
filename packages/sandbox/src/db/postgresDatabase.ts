import pg from 'pg';
import { afterTurns, GATHER_TURNS } from './afterTurns.js';
import type { Database, Queryable } from './database.js';

/**
 * Connections the sandbox keeps to PostgreSQL at most. Sized for a client at concurrency 32 on two cores: a
 * transaction holds its connection across several round trips, so with fewer connections requests queue for one
 * while the server idles. Connections open on demand and close when idle (pg's 10 s), so a quiet sandbox holds few.
 */
export const POSTGRES_POOL_SIZE = 16;

/** At most this many distinct statements are prepared per connection (the sandbox's SQL is a fixed set). */
const MAX_PREPARED_STATEMENTS = 1000;

/**
 * A name per statement text, so that pg prepares each statement once per connection (parse and plan once) instead of
 * on every call. The sandbox builds its SQL from code, never from input, so the set of texts is small and fixed;
 * past the bound, statements run unnamed as before.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
    name = `lk${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Holds a connection's writes for a few microtask turns from the first statement issued (`cork`): pg writes each
 * statement on its own, and statements issued together then go out in one write instead of one system call each.
 */
function gatheringWrites(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  let held = false;
  return () => {
    if (held || typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return;
    held = true;
    stream.cork();
    afterTurns(GATHER_TURNS, () => {
      held = false;
      stream.uncork!();
    });
  };
}

function queryable(client: pg.Pool | pg.PoolClient, beforeWrite: () => void = () => undefined): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      beforeWrite();
      const name = statementName(sql);
      const result = await client.query<Row & pg.QueryResultRow>(name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] });
      return result.rows;
    },
    async exec(sql: string) {
      beforeWrite();
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** Thrown when COMMIT rolled back: a statement of the transaction failed and the work went on (as PGlite says it). */
class TransactionAbortedError extends Error {
  readonly code = '25P02';
  constructor() {
    super('Transaction was rolled back instead of committed');
  }
}

/**
 * A real PostgreSQL server, reached through a connection string (`DATABASE_URL`). Connections run in pipeline mode:
 * statements issued together (`Promise.all`) go out together and their answers come back in one round trip, each
 * statement still its own (one failing fails alone; inside a transaction, the ones after it fail too, as PostgreSQL
 * does). A transaction's BEGIN goes out with its first statement, not a round trip ahead of it, and a transaction that
 * issued nothing sends nothing.
 */
export async function openPostgresDatabase(
  connectionString: string,
  options: { poolSize?: number; onIdleError?: ((error: Error) => void) | undefined } = {},
): Promise<Database> {
  // Every statement is a prepared one with parameters; for some (the CTEs with unnest($1::text[]) arrays) the planner
  // keeps making a custom plan per execution. The sandbox's statements are index lookups a generic plan serves as
  // well: planned once per connection, they cost PostgreSQL about 15% less CPU per sign-in (bench:load).
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? POSTGRES_POOL_SIZE, pipeline: true, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is reported here; without a
  // listener it would be an uncaught exception that ends the sandbox. The pool drops it and the next request connects
  // anew; a connection ended mid-request fails that request alone.
  pool.on('error', (error) => (options.onIdleError ?? warnIdleError)(error));
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      const gather = gatheringWrites(client);
      const inner = queryable(client, gather);
      let begun: Promise<unknown> | undefined;
      /** Every statement the work issued, and how it ended (`undefined`: not answered yet). */
      const outcomes: { failed?: boolean; error?: unknown }[] = [];
      let closed = false;
      const issue = <T>(run: () => Promise<T>): Promise<T> => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        if (!begun) {
          gather();
          begun = client.query('BEGIN');
          // Its failure is the next statement's too (and is awaited before COMMIT).
          begun.catch(() => undefined);
        }
        const outcome: { failed?: boolean; error?: unknown } = {};
        outcomes.push(outcome);
        const running = run();
        running.then(
          () => (outcome.failed = false),
          (error: unknown) => Object.assign(outcome, { failed: true, error }),
        );
        return running;
      };
      const tx: Queryable = {
        query: (sql, params) => issue(() => inner.query(sql, params)),
        exec: (sql) => issue(() => inner.exec(sql)),
      };
      try {
        const result = await work(tx);
        closed = true;
        if (begun) {
          // COMMIT goes right behind the statements the work issued and did not wait for (pipelined); one of them
          // failing fails the transaction with its own error.
          const unanswered = outcomes.filter((outcome) => outcome.failed === undefined);
          gather();
          const committed = client.query('COMMIT');
          const [commit] = await Promise.allSettled([committed, begun]);
          const failure = unanswered.find((outcome) => outcome.failed);
          if (failure) throw failure.error;
          if (commit.status === 'rejected') throw commit.reason;
          if (commit.value.command === 'ROLLBACK') throw new TransactionAbortedError();
        }
        return result;
      } catch (error) {
        closed = true;
        if (begun) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async pipeline(work) {
      const client = await pool.connect();
      const issued: Promise<unknown>[] = [];
      const inner = queryable(client, gatheringWrites(client));
      const q: Queryable = {
        query: <Row extends object>(sql: string, params?: readonly unknown[]) => {
          const running = inner.query<Row>(sql, params);
          issued.push(running.catch(() => undefined));
          return running;
        },
        exec: (sql: string) => {
          const running = inner.exec(sql);
          issued.push(running.catch(() => undefined));
          return running;
        },
      };
      try {
        return await work(q);
      } finally {
        // The connection goes back once every statement it carries is answered.
        await Promise.all(issued);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function warnIdleError(error: Error): void {
  console.warn(`[sandbox] PostgreSQL ended an idle connection (${error.message}); the next request connects again.`);
}
