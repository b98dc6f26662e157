import pg from 'pg';
import type { Database, Queryable } from './database.js';

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<Row & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** A real PostgreSQL server, reached through a connection string (`DATABASE_URL`). */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 5 });
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
