import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder holding `initdb` and `pg_ctl`, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PostgresCluster {
  /** A superuser connection string to the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server in a temp folder, on a free loopback port, trust auth, fsync off.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'latchkey-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    await chown(dir, uid, gid);
  }
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { timeout: 60_000 }) : run(path.join(bin, tool), args, { timeout: 60_000 });
  const data = path.join(dir, 'data');
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'latchkey', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  await exec('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://latchkey@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
