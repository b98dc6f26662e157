import { mkdir, readdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database.js';
import { createWireSession, pgliteExchange } from './pgliteWire.js';

export interface PgliteDatabase extends Database {
  /** The whole data directory as a gzipped tarball (loadable with `template`). */
  dump(): Promise<Blob>;
}

/** True for a folder that does not exist or holds nothing. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** How often PGlite's maintenance looks for a table to vacuum and analyze (see `startMaintenance`). */
export const MAINTENANCE_EVERY_MS = 2_000;

/**
 * The table whose statistics are the most out of date, if any: the one that grew the most (in pages) since the
 * planner last measured it (`relpages`, 0 before any ANALYZE), past a fifth of that size and four pages.
 */
const STALEST_TABLE = `
  SELECT quote_ident(relname) AS name FROM (
    SELECT relname, relpages, pg_relation_size(oid) / current_setting('block_size')::int AS pages
    FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
  ) t WHERE pages > relpages * 1.2 + 4 ORDER BY pages::float / greatest(relpages, 1) DESC LIMIT 1`;

/**
 * PGlite has no autovacuum: nothing ever gathers the planner's statistics or clears dead rows, so as tables grow the
 * sandbox slows down. bench:load, three runs of sign-ins at concurrency 32 in a row on one PGlite: 431, 366 and 314
 * per second (another time 465, 351, 296). This does what autovacuum would, one table at a time: every `everyMs`,
 * VACUUM (ANALYZE) of the table that grew the most since it was last measured, if one grew by a fifth (and past four
 * pages). The same three runs then gave 397, 392 and 394 (in a slower hour, 375, 352, 383): a little less on a fresh
 * database, steady after. The session waits for one table at a time, never for the whole database. A failure is
 * reported and the next turn goes on. Returns the stop function.
 */
export function startMaintenance(q: Pick<Database, 'query' | 'exec'>, everyMs: number, onError: (error: unknown) => void = warnMaintenanceError): () => void {
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      const [stalest] = await q.query<{ name: string }>(STALEST_TABLE);
      // The simple protocol: VACUUM must be a statement of its own, outside any transaction block.
      if (stalest) await q.exec(`VACUUM (ANALYZE) ${stalest.name}`);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void turn(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function warnMaintenanceError(error: unknown): void {
  console.warn(`[sandbox] PGlite maintenance: VACUUM (ANALYZE) failed (${error instanceof Error ? error.message : String(error)}); the next turn goes on.`);
}

/**
 * Embedded PostgreSQL (wasm). `dataDir` is a folder that survives restarts, or `'memory'`.
 * `template` (a `dump()` tarball) seeds a new database, skipping the slow initdb; it is ignored
 * for a folder that already holds data.
 */
export async function openPgliteDatabase(dataDir: string, options: { template?: Blob | undefined; maintenanceEveryMs?: number } = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir === 'memory';
  const seedFromTemplate = options.template !== undefined && (inMemory || (await isEmptyDir(dataDir)));
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const location = inMemory ? 'memory://' : dataDir;
  const template = seedFromTemplate ? options.template : undefined;
  const pglite = await PGlite.create(location, template ? { loadDataDir: template } : {});
  // Every statement reaches the backend through the wire session (see pgliteWire.ts), PGlite's own types with it.
  const session = createWireSession({ exchange: (message) => pgliteExchange(pglite, message), parsers: pglite.parsers, serializers: pglite.serializers });
  const stopMaintenance = startMaintenance(session, options.maintenanceEveryMs ?? MAINTENANCE_EVERY_MS);
  return {
    kind: 'pglite',
    query: session.query,
    exec: session.exec,
    transaction: session.transaction,
    pipeline: (work) => work(session),
    dump: () => session.exclusive(() => pglite.dumpDataDir('gzip')),
    close: () => {
      stopMaintenance();
      return session.exclusive(() => pglite.close());
    },
  };
}
