#!/usr/bin/env node
// `node bench/mpc.mjs`: MPC wallet keygen and signing times per threshold scheme, in Chromium against a sandbox on
// loopback (median of 10 each), printed as a table. Uses the BUILT packages (run `pnpm build` first; the script
// does it unless --no-build). Target: a TWO_OF_TWO Solana signature in under 150 ms. A report, not a test.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const RUNS = Number(process.env.MPC_BENCH_RUNS ?? 10);
const TARGET_MS = 150;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('corepack', ['pnpm', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { startSandbox } = await import('@latchkey/sandbox');
const sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true });
await fetch(`${sandbox.url}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdk: { waas: { enabled: true } } }) });

const bundle = await esbuild.build({
  absWorkingDir: root,
  entryPoints: [path.join(here, 'mpc/page.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  write: false,
  logLevel: 'silent',
});
const script = bundle.outputFiles[0].text;
const server = createServer((request, response) => {
  if (request.url?.startsWith('/page.js')) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MPC bench</title></head><body><script type="module" src="/page.js"></script></body></html>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const pageUrl = `http://127.0.0.1:${server.address().port}/?sandbox=${encodeURIComponent(sandbox.url)}&env=${encodeURIComponent(sandbox.info.environmentId)}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => `${value.toFixed(1)} ms`;

try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('[page]', error.message));
  await page.goto(pageUrl);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  const rows = [];
  for (const scheme of ['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE']) {
    const result = await page.evaluate(([s, n]) => window.mpcBench.benchScheme(s, n), [scheme, RUNS]);
    rows.push({ scheme, keygen: median(result.keygenMs), keygenMax: Math.max(...result.keygenMs), sign: median(result.signMs), signMax: Math.max(...result.signMs) });
  }
  const transaction = await page.evaluate((n) => window.mpcBench.benchClientTransaction(n), RUNS);
  const txMedian = median(transaction);

  console.log(`\nMPC wallets in Chromium against the sandbox on loopback — median of ${RUNS} (max in brackets)\n`);
  console.log('| scheme | keygen (POST /waas/create + 3 rounds) | signing (POST signMessage + commit + share) |');
  console.log('|---|---|---|');
  for (const row of rows) console.log(`| ${row.scheme} | ${ms(row.keygen)} (${ms(row.keygenMax)}) | ${ms(row.sign)} (${ms(row.signMax)}) |`);
  console.log(`\nTWO_OF_TWO Solana transaction through the client (signer().signTransaction: vault, room, rounds): ${ms(txMedian)} median (${ms(Math.max(...transaction))} max) — target < ${TARGET_MS} ms: ${txMedian < TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  await sandbox.close();
}
