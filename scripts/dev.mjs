#!/usr/bin/env node
// `pnpm dev`: build the packages, start the sandbox, then the demo against it, and print the URLs.
// Ctrl-C stops both. SANDBOX_PORT (default 4010) and DEMO_PORT (default 5173) move them.
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
const children = [];

function run(command, args, options = {}) {
  // Each child leads its own process group, so stopping reaches the whole chain (corepack → pnpm → tsx → node).
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, ...options });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${args.join(' ')} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

console.log('[dev] building packages…');
const build = spawnSync('corepack', ['pnpm', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

run('corepack', ['pnpm', 'sandbox'], { env: { ...process.env, SANDBOX_PORT: String(sandboxPort) } });

const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
let info;
// A first start creates the PGlite data folder (a few seconds; longer on a busy machine).
const deadline = Date.now() + 180_000;
while (!info && !stopping && Date.now() < deadline) {
  try {
    const response = await fetch(`${sandboxUrl}/sandbox/info`);
    if (response.ok) info = await response.json();
  } catch {
    // not listening yet
  }
  if (!info) await sleep(500);
}
if (!info) {
  console.error(`[dev] the sandbox did not answer on ${sandboxUrl} within 180 s`);
  stop(1);
} else {
  run('corepack', ['pnpm', '--filter', 'latchkey-demo', 'exec', 'vite', '--port', String(demoPort), '--strictPort'], {
    env: {
      ...process.env,
      LATCHKEY_SANDBOX_URL: info.apiBaseUrl,
      LATCHKEY_ENVIRONMENT_ID: info.environmentId,
      LATCHKEY_CUSTODY_URL: info.custodyBaseUrl,
      LATCHKEY_SOLANA_RPC_URL: info.solanaRpcUrl,
      LATCHKEY_SOLANA_WS_URL: info.solanaWsUrl,
      LATCHKEY_OAUTH_URL: info.oauthIssuer,
    },
  });
  await sleep(1500);
  console.log(`
  Latchkey is running:
    demo             http://127.0.0.1:${demoPort}/
    sandbox API      ${info.apiBaseUrl}/api/v0/sdk/${info.environmentId}
    sandbox info     ${sandboxUrl}/sandbox/info
    inbox (codes)    ${info.inboxUrl ?? `${sandboxUrl}/sandbox/inbox`}
    environment id   ${info.environmentId}
  Ctrl-C stops everything.
`);
}
