#!/usr/bin/env node
// `pnpm dev`: builds the packages whose sources changed, starts the sandbox (a child process, restarted if it
// crashes) and the demo's Vite dev server (in this process), and prints URLs that all answer. Ctrl-C stops both
// and exits 0. SANDBOX_PORT (default 4010) and DEMO_PORT (default 5173) move them.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildPackages } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
/** Crashes tolerated within RESTART_WINDOW_MS before giving up on the sandbox. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const START_TIMEOUT_MS = 180_000;

const say = (message) => console.log(`[dev] ${message}`);
let stopping = false;
let sandbox;
let demo;
const restarts = [];

async function stop(code, message) {
  if (stopping) return;
  stopping = true;
  if (message) (code === 0 ? console.log : console.error)(`[dev] ${message}`);
  const closing = [];
  if (demo) closing.push(demo.close().catch(() => undefined));
  if (sandbox && sandbox.exitCode === null && sandbox.signalCode === null) {
    closing.push(new Promise((resolve) => sandbox.once('exit', resolve)));
    try {
      process.kill(-sandbox.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await Promise.race([Promise.all(closing), sleep(5000)]);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0, 'stopping…'));
process.on('SIGTERM', () => void stop(0));

/** The sandbox from its sources (tsx), in its own process group so a stop reaches all of it. */
function startSandboxProcess() {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/sandbox/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, SANDBOX_PORT: String(sandboxPort) },
  });
  say(`starting the sandbox (pid ${child.pid})…`);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      void stop(1, `the sandbox exited (${signal ?? `code ${code}`}) ${restarts.length} times within a minute; stopping the demo too. Its output above says why.`);
      return;
    }
    say(`the sandbox exited (${signal ?? `code ${code}`}); restarting it (the demo keeps running)…`);
    sandbox = startSandboxProcess();
    void waitForSandbox().then((info) => info && say(`the sandbox is back on ${sandboxUrl}`));
  });
  return child;
}

async function waitForSandbox() {
  // A first start creates the PGlite data folder (a few seconds; longer on a busy machine).
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!stopping && Date.now() < deadline) {
    try {
      const response = await fetch(`${sandboxUrl}/sandbox/info`);
      if (response.ok) return await response.json();
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  return undefined;
}

buildPackages({ changedOnly: true, log: say });

sandbox = startSandboxProcess();
const info = await waitForSandbox();
if (!info) await stop(1, `the sandbox did not answer on ${sandboxUrl} within ${START_TIMEOUT_MS / 1000} s`);

// The demo reads where the sandbox is from these (vite.config.ts and import.meta.env).
Object.assign(process.env, {
  LATCHKEY_SANDBOX_URL: info.apiBaseUrl,
  LATCHKEY_ENVIRONMENT_ID: info.environmentId,
  LATCHKEY_CUSTODY_URL: info.custodyBaseUrl,
  LATCHKEY_SOLANA_RPC_URL: info.solanaRpcUrl,
  LATCHKEY_SOLANA_WS_URL: info.solanaWsUrl,
  LATCHKEY_OAUTH_URL: info.oauthIssuer,
  LATCHKEY_CLOUD_DRIVE_URL: info.cloudDriveUrl,
});
const { createServer } = await import('vite');
const demoRoot = fileURLToPath(new URL('../examples/demo/', import.meta.url));
try {
  demo = await createServer({ root: demoRoot, configFile: `${demoRoot}vite.config.ts`, server: { port: demoPort, strictPort: true } });
  await demo.listen();
} catch (error) {
  await stop(1, `the demo could not start on port ${demoPort}: ${error instanceof Error ? error.message : error}`);
}

// `localhost`, not 127.0.0.1: passkeys need a domain, and the sandbox's relying party is localhost.
const settingsUrl = `${info.apiBaseUrl}/api/v0/sdk/${info.environmentId}/settings`;
console.log(`
  Latchkey is running:
    demo              http://localhost:${demoPort}/
    sandbox settings  ${settingsUrl}
    sandbox info      ${sandboxUrl}/sandbox/info
    inbox (codes)     ${info.inboxUrl ?? `${sandboxUrl}/sandbox/inbox`}
    environment id    ${info.environmentId}
  Ctrl-C stops everything.
`);
