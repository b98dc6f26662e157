import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Durability (issue 11): `kill -9` of the sandbox process while sign-ins are in flight, then a restart on the same
 * data folder — every sign-in that was acknowledged (a 200 with a token) is still there, the same user.
 */
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'latchkey-durability-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', main], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dataDir, SANDBOX_ENVIRONMENT_ID: 'durability-env' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const match = /info:\s+(http:\/\/127\.0\.0\.1:\d+)\/sandbox\/info/.exec(output);
      if (match) return match[1]!;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the sandbox did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { child, exited, url };
}

interface Acknowledged {
  email: string;
  userId: string;
  jwt: string;
}

/** One whole e-mail sign-in; resolves to what the sandbox acknowledged, or undefined when the process died under it. */
async function signIn(base: string, email: string): Promise<Acknowledged | undefined> {
  try {
    const sdk = `${base}/api/v0/sdk/durability-env`;
    const post = (route: string, body: unknown) => fetch(`${sdk}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await (await post('/emailVerifications/create', { email })).json();
    const [message] = await (await fetch(`${base}/sandbox/inbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json();
    const response = await post('/emailVerifications/signin', { verificationUUID: created.verificationUUID, verificationToken: message.code });
    if (response.status !== 200) return undefined;
    const body = await response.json();
    return { email, userId: body.user.id, jwt: body.jwt };
  } catch {
    return undefined;
  }
}

describe('durability', () => {
  it('behavior: kill -9 during concurrent sign-ins, restart on the same folder → every acknowledged sign-in is the same user', async () => {
    const dataDir = path.join(dir, 'data');
    const first = start(dataDir);
    const base = await first.url;
    const acknowledged: Acknowledged[] = [];
    let next = 0;
    let killed = false;
    // Eight workers sign in until the process is killed under them (at most 400 sign-ins: bounded either way).
    const worker = async () => {
      while (!killed && next < 400) {
        const result = await signIn(base, `durable-${next++}@example.com`);
        if (result && !killed) acknowledged.push(result);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 24 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    killed = true;
    expect(await first.exited).toBe('SIGKILL');
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(24);

    const second = start(dataDir);
    try {
      const restarted = await second.url;
      for (const sign of acknowledged) {
        const me = await fetch(`${restarted}/api/v0/sdk/durability-env/users`, { headers: { authorization: `Bearer ${sign.jwt}` } });
        expect(me.status, sign.email).toBe(200);
        expect((await me.json()).user.id, sign.email).toBe(sign.userId);
      }
      // And the address signs in to that same user again.
      const again = await signIn(restarted, acknowledged[0]!.email);
      expect(again?.userId).toBe(acknowledged[0]!.userId);
    } finally {
      second.child.kill('SIGKILL');
      await second.exited;
    }
  }, 120_000);
});
