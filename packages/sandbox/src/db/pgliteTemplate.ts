import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations.js';
import { isEmptyDir, openPgliteDatabase } from './pgliteDatabase.js';

/** `packages/sandbox/node_modules/.cache/latchkey-sandbox/` */
export const DEFAULT_TEMPLATE_DIR = fileURLToPath(new URL('../../node_modules/.cache/latchkey-sandbox/', import.meta.url));

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let depth = 0; depth < 5; depth++, dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // keep climbing
    }
  }
  return 'unknown';
}

/** The template's file name changes with PGlite's version and with the migrations. */
export function templateFileName(): string {
  const schema = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  return `pglite-${pgliteVersion()}-${schema}.tgz`;
}

/**
 * Opens a PGlite database (in memory, or in a folder) that is already migrated. A fresh PGlite
 * spends seconds in initdb; so the first fresh database is dumped to a template tarball in
 * `templateDir`, and later fresh databases load it instead (about 4× faster). A missing, stale
 * or unreadable template only costs the slow path.
 */
export async function openPgliteWithTemplate(dataDir: string, templateDir = DEFAULT_TEMPLATE_DIR): Promise<Database> {
  if (dataDir !== 'memory' && !(await isEmptyDir(dataDir))) {
    // Existing data: open it as it is, never touch it.
    const db = await openPgliteDatabase(dataDir);
    await migrate(db).catch(async (error: unknown) => {
      await db.close().catch(() => undefined);
      throw error;
    });
    return db;
  }
  const file = path.join(templateDir, templateFileName());
  const template = await readFile(file).catch(() => undefined);
  if (template) {
    try {
      const db = await openPgliteDatabase(dataDir, { template: new Blob([template]) });
      await migrate(db);
      return db;
    } catch {
      // A template PGlite cannot load: start over in the (new, so still ours) folder.
      if (dataDir !== 'memory') await rm(dataDir, { recursive: true, force: true });
    }
  }
  const db = await openPgliteDatabase(dataDir);
  await migrate(db);
  try {
    const dump = Buffer.from(await (await db.dump()).arrayBuffer());
    await mkdir(templateDir, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, dump);
    await rename(temporary, file);
  } catch {
    // No template this time (read-only folder, …): the next start takes the slow path again.
  }
  return db;
}
