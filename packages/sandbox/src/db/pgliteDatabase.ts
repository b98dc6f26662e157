import { mkdir, readdir } from 'node:fs/promises';
import { types } from '@electric-sql/pglite';
import type { Database } from './database.js';
import { createWireSession } from './pgliteWire.js';
import { startPgliteWorker } from './pgliteWorker.js';

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
  // The backend runs in its own thread; statements reach it through the wire session (see pgliteWire.ts).
  const worker = await startPgliteWorker(location, template);
  const parsers: Record<number | string, types.Parser> = { ...types.parsers };
  const serializers: Record<number | string, types.Serializer> = { ...types.serializers };
  const session = createWireSession({ exchange: worker.exchange, parsers, serializers });
  // Array types, as PGlite registers them for its own query(): each array type reads and writes through its element's.
  const arrays = await session
    .query<{ oid: number; typarray: number }>(
      `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
       WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`,
    )
    .catch(async (error: unknown) => {
      await worker.close().catch(() => undefined);
      throw error;
    });
  for (const { oid, typarray } of arrays) {
    serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid], typarray);
    parsers[typarray] = (text) => types.arrayParser(text, parsers[oid]!, typarray);
  }
  return {
    kind: 'pglite',
    query: session.query,
    exec: session.exec,
    transaction: session.transaction,
    dump: () => session.exclusive(() => worker.dump()),
    close: () => session.exclusive(() => worker.close()),
  };
}
