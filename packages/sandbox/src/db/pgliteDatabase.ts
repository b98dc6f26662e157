import { mkdir, readdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function queryable(client: PgliteLike): Queryable {
  return {
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  };
}

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

/**
 * Embedded PostgreSQL (wasm). `dataDir` is a folder that survives restarts, or `'memory'`.
 * `template` (a `dump()` tarball) seeds a new database, skipping the slow initdb; it is ignored
 * for a folder that already holds data.
 */
export async function openPgliteDatabase(dataDir: string, options: { template?: Blob | undefined } = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir === 'memory';
  const seedFromTemplate = options.template !== undefined && (inMemory || (await isEmptyDir(dataDir)));
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? 'memory://' : dataDir, seedFromTemplate ? { loadDataDir: options.template } : {});
  return {
    kind: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    dump: () => pglite.dumpDataDir('gzip'),
    close: () => pglite.close(),
  };
}
