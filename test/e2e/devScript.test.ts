import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

/**
 * `corepack pnpm dev`, the README's first command, as a user runs it: nothing rebuilt when no source changed (the
 * test command has just built everything), every URL it prints answers, a sandbox that crashes is restarted while
 * the demo keeps running, and Ctrl-C (SIGINT to the terminal's process group) exits 0 without pnpm's error lines.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-dev-'));
let dev: ChildProcess | undefined;
let output = '';

afterAll(() => {
  if (dev?.pid && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A port nothing listens on now (the OS's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = output.match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${pattern} in the output of pnpm dev within ${timeoutMs} ms:\n${output}`);
}

const status = async (url: string) => (await fetch(url)).status;

describe('pnpm dev', () => {
  test('nothing rebuilt, every printed URL answers, a crashed sandbox comes back, Ctrl-C exits 0 quietly', { timeout: 240_000 }, async () => {
    const [sandboxPort, demoPort] = [await freePort(), await freePort()];
    // Its own process group, as a terminal gives it: Ctrl-C signals every process in it.
    dev = spawn('corepack', ['pnpm', 'dev'], {
      cwd: root,
      detached: true,
      env: { ...process.env, SANDBOX_PORT: String(sandboxPort), DEMO_PORT: String(demoPort), SANDBOX_DATA_DIR: dataDir, FORCE_COLOR: '0' },
    });
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => dev!.once('exit', (code) => resolve(code)));

    const [banner] = await waitFor(/Latchkey is running:[\s\S]*Ctrl-C stops everything\./, 180_000);
    expect(output).toContain('[build] every package is up to date');
    const urls = [...banner.matchAll(/https?:\/\/\S+/g)].map(([url]) => url);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(`${url} → ${await status(url)}`).toBe(`${url} → 200`);
    // The demo prints its localhost URL: passkeys need a domain.
    expect(urls).toContain(`http://localhost:${demoPort}/`);
    // So does the sandbox's own banner, printed before it.
    const sandboxBanner = output.slice(output.indexOf('Latchkey sandbox is running'), output.indexOf('Latchkey is running:'));
    const sandboxUrls = [...sandboxBanner.matchAll(/https?:\/\/[^\s)]+/g)].map(([url]) => url);
    expect(sandboxUrls.length).toBeGreaterThanOrEqual(6);
    for (const url of sandboxUrls) expect(`${url} → ${await status(url)}`).toBe(`${url} → 200`);

    // The sandbox crashes: reported, restarted, and the demo never stopped.
    const info = `http://127.0.0.1:${sandboxPort}/sandbox/info`;
    const sandboxPid = Number((await waitFor(/starting the sandbox \(pid (\d+)\)/, 1000))[1]);
    process.kill(sandboxPid, 'SIGKILL');
    await waitFor(/the sandbox exited \(SIGKILL\); restarting it/, 10_000);
    await waitFor(/the sandbox is back on/, 120_000);
    expect(await status(info)).toBe(200);
    expect(await status(`http://localhost:${demoPort}/`)).toBe(200);

    process.kill(-dev.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/ELIFECYCLE|ERR_PNPM/);
  });
});
