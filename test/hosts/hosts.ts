import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Helpers of the hosts setup: npm installs with a shared cache, servers run as process groups, timing. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * npm's cache for every install of this suite: warm after the first run (package metadata and tarballs), so an
 * install costs seconds; a fresh clone fills it once. Kept under node_modules (ignored by git and by the build).
 */
export const NPM_CACHE = join(repoRoot, 'node_modules', '.cache', 'latchkey-hosts-npm');

/** Environment for host commands: no telemetry (tests never reach outside the machine), no colour codes. */
export function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', ...extra };
}

/** Runs a command to completion; throws with its output when it fails. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = hostEnv()): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return `${result.stdout}${result.stderr}`;
}

/**
 * `npm install` as a host runs it, from the npm registry through the shared cache. The example hosts keep no
 * lockfile (their @latchkey/* dependencies are tarballs that change with every build); the installed copies of
 * the tarballs are removed first so the fresh ones are always extracted.
 */
export function npmInstall(dir: string, extraArgs: string[] = []): string {
  rmSync(join(dir, 'node_modules', '@latchkey'), { recursive: true, force: true });
  rmSync(join(dir, 'node_modules', '.package-lock.json'), { force: true });
  return run('npm', ['install', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund', '--cache', NPM_CACHE, ...extraArgs], dir);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Server {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Starts a long-running command in its own process group and waits (bounded) until `url` answers. */
export async function startServer(command: string, args: string[], cwd: string, url: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}) before ${url} answered:\n${output}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return { url, stop, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`${url} did not answer within 90 s:\n${output}`);
}

/** Times named steps and prints them as a table (the test command's report quotes it). */
export function createTimer(log: (line: string) => void = console.log) {
  const rows: { step: string; seconds: number }[] = [];
  return {
    async time<T>(step: string, work: () => T | Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        rows.push({ step, seconds: (performance.now() - started) / 1000 });
      }
    },
    print() {
      log('\n| hosts setup step | seconds |\n|---|--:|');
      for (const row of rows) log(`| ${row.step} | ${row.seconds.toFixed(1)} |`);
      log(`| total | ${rows.reduce((sum, row) => sum + row.seconds, 0).toFixed(1)} |`);
    },
  };
}

export const exists = existsSync;
