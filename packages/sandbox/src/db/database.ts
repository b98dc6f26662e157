/**
 * The one storage interface of the sandbox, implemented over embedded PGlite and over a real
 * PostgreSQL server (`pg`). Queries are plain SQL with `$1…` parameters; both engines speak the
 * same dialect, so the migrations and every repository run unchanged on either.
 *
 * Conventions that keep the two engines interchangeable: timestamps are passed as ISO strings
 * and read back as `Date`; JSON is passed as a string cast with `::jsonb` and read back parsed;
 * counts are cast to `::int` (pg returns int8 as a string, PGlite as a number).
 */
export interface Queryable {
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs one or more `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Statements the work issued
   * and did not wait for belong to it: COMMIT goes out right behind them (so a work that needs no answer of its last
   * statements returns at once, and its COMMIT shares their round trip), and one of them failing fails the
   * transaction with its own error.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` with statements that go to the server together (one connection, pipelined), each its own transaction
   * as with `query` — for reads issued together, say. On PGlite every statement outside a transaction already does.
   */
  pipeline<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
