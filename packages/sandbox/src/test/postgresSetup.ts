import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/openDatabase.js';
import { findPostgresBin, startPostgresCluster } from './postgresCluster.js';

/** The migrated database every test sandbox's own database is copied from (`CREATE DATABASE … TEMPLATE`). */
export const POSTGRES_TEMPLATE_DATABASE = 'latchkey_template';

/**
 * vitest globalSetup of the sandbox suite's PostgreSQL run (`vitest.postgres.config.ts`): a throwaway cluster and a
 * migrated template database; `startTestSandbox` then gives every test sandbox a fresh copy of it instead of an
 * in-memory PGlite. Fails loudly without PostgreSQL's binaries (the run is only started where they are).
 */
export default async function setup({ provide }: Pick<TestProject, 'provide'>): Promise<() => Promise<void>> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('The PostgreSQL run of the sandbox suite needs initdb and pg_ctl (Debian: apt-get install postgresql).');
  const cluster = await startPostgresCluster(bin);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({ dataDir: 'unused', databaseUrl: cluster.url.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE_DATABASE}`) });
  await template.close();
  provide('sandboxPostgresUrl', cluster.url);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set in the PostgreSQL run: the cluster's superuser URL (database `postgres`). */
    sandboxPostgresUrl?: string;
  }
}
