import type { Database } from './database.js';
import type { Migration } from './Migration.js';
import { migrations as defaultMigrations } from './migrations.js';

/** Arbitrary constant naming the advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK_ID = 4_018_660;

/**
 * Applies every migration not yet recorded in `schema_migrations`, in version order, each in its
 * own transaction. Returns the versions applied by this call (empty when the schema is current).
 */
export async function migrate(db: Database, migrations: readonly Migration[] = defaultMigrations): Promise<number[]> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
  `);
  const applied: number[] = [];
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (existing.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  return applied;
}
