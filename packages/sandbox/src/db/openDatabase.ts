import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPgliteWithTemplate } from './pgliteTemplate.js';
import { openPostgresDatabase } from './postgresDatabase.js';

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, `dataDir` is ignored. */
  databaseUrl?: string | undefined;
  /** PGlite folder, or `'memory'`. */
  dataDir: string;
  /** Where PGlite templates are cached (see openPgliteWithTemplate). */
  templateDir?: string | undefined;
}

/** Opens PostgreSQL when a URL is given, PGlite otherwise, with the schema brought up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (!options.databaseUrl) return openPgliteWithTemplate(options.dataDir, options.templateDir);
  const db = await openPostgresDatabase(options.databaseUrl);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
