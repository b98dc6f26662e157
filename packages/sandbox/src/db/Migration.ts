/**
 * The sandbox schema, as versioned plain-SQL migrations. Each runs once, in its own transaction,
 * and is recorded in `schema_migrations`. Never edit a released migration: append a new one.
 * Every table carries `environment_id`, so several sandboxes may share one PostgreSQL database.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
