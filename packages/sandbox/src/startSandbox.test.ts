import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FILE, startSandbox } from './startSandbox.js';
import { startTestSandbox } from './test/testSandbox.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-sandbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('startSandbox', () => {
  it('behavior: users, sessions, the signing key, settings and the inbox survive a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const seedFile = path.join(dir, 'seed.json');
    await copyFile(DEFAULT_SEED_FILE, seedFile);

    const first = await startTestSandbox({ dataDir, seedFile });
    const session = await first.signIn('persist@example.com');
    await first.call('PUT', '/users', { token: session.jwt, body: { firstName: 'Persisted' } });
    await first.call('PUT', '/sandbox/admin/settings', { body: { general: { supportText: 'kept across restarts' } } });
    const kid = (await first.call('GET', '/.well-known/jwks.json')).body.keys[0].kid;
    // close() is idempotent.
    await Promise.all([first.close(), first.close()]);

    const second = await startTestSandbox({ dataDir, seedFile });
    try {
      const me = await second.call('GET', '/users', { token: session.jwt });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ id: session.user.id, firstName: 'Persisted', sessionId: session.user.sessionId });
      expect((await second.call('GET', '/.well-known/jwks.json')).body.keys[0].kid).toBe(kid);
      expect((await second.call('GET', '/settings')).body.general.supportText).toBe('kept across restarts');
      expect(await second.inbox('persist@example.com')).toHaveLength(1);
      // The same e-mail signs in to the same user.
      expect((await second.signIn('persist@example.com')).user.id).toBe(session.user.id);
    } finally {
      await second.close();
    }
  });

  it('error: bad options are refused before anything starts', async () => {
    await expect(startSandbox({ host: '0.0.0.0' as '127.0.0.1', dataDir: 'memory', quiet: true })).rejects.toThrow(/127\.0\.0\.1 only/);
    await expect(startSandbox({ environmentId: 'a/b', dataDir: 'memory', quiet: true })).rejects.toThrow(/Invalid environment id/);
    await expect(startSandbox({ seedFile: path.join(dir, 'missing.json'), dataDir: 'memory', quiet: true })).rejects.toThrow(/ENOENT/);
  });

  it('error: a port in use is reported at once', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const dataDir = path.join(dir, 'never-opened');
      await expect(startSandbox({ port, dataDir, quiet: true })).rejects.toThrow(/EADDRINUSE/);
      // Refused before the database opens (which takes seconds): its folder was never made.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

describe('pnpm sandbox (src/main.ts)', () => {
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));

  function run(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', main], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = async (pattern: RegExp, ms = 30_000) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`never printed ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return pattern.exec(output)!;
    };
    return { child, exited, waitFor, output: () => output };
  }

  it('default: prints the URLs and the environment id, serves, and closes cleanly on SIGTERM', async () => {
    const proc = run({ SANDBOX_PORT: '0', SANDBOX_DATA_DIR: 'memory', SANDBOX_ENVIRONMENT_ID: 'cli-env' });
    try {
      const [, url] = await proc.waitFor(/info:\s+(http:\/\/127\.0\.0\.1:\d+)\/sandbox\/info/);
      expect(proc.output()).toContain('environment id: cli-env');
      expect(proc.output()).toMatch(/inbox:\s+http:\/\/127\.0\.0\.1:\d+\/sandbox\/inbox/);
      const info = await (await fetch(`${url}/sandbox/info`)).json();
      expect(info).toMatchObject({ environmentId: 'cli-env', apiBaseUrl: url });
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      expect(proc.output()).toContain('SIGTERM: closing the sandbox');
    } finally {
      proc.child.kill('SIGKILL');
    }
  });

  it('error: a bad SANDBOX_PORT exits 1 with the reason', async () => {
    const proc = run({ SANDBOX_PORT: 'http', SANDBOX_DATA_DIR: 'memory' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('SANDBOX_PORT must be a port number');
  });
});
