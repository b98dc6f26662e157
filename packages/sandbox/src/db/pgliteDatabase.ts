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

/**
 * Embedded PostgreSQL (wasm). `dataDir` is a folder that survives restarts, or `'memory'`.
 * `template` (a `dump()` tarball) seeds a new database, skipping the slow initdb; it is ignored
 * for a folder that already holds data.
 */
export async function openPgliteDatabase(dataDir: string, options: { template?: Blob | undefined } = {}): Promise<PgliteDatabase> {
  const inMemory = dataDir === 'memory';
  const seedFromTemplate = options.template !== undefined && (inMemory || (await isEmptyDir(dataDir)));
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const location = inMemory ? 'memory://' : dataDir;
  const template = seedFromTemplate ? options.template : undefined;
  const pglite = await PGlite.create(location, template ? { loadDataDir: template } : {});
  // Every statement reaches the backend through the wire session (see pgliteWire.ts), PGlite's own types with it.
  const session = createWireSession({ exchange: (message) => pgliteExchange(pglite, message), parsers: pglite.parsers, serializers: pglite.serializers });
  return {
    kind: 'pglite',
    query: session.query,
    exec: session.exec,
    transaction: session.transaction,
    pipeline: (work) => work(session),
    dump: () => session.exclusive(() => pglite.dumpDataDir('gzip')),
    close: () => session.exclusive(() => pglite.close()),
  };
}
