#!/usr/bin/env node
// `pnpm test`: every check, in order, failing fast: build the packages (the UI ships a built stylesheet and the
// demo uses dist), typecheck both programs, run every vitest project (node, jsdom on React 19 and 18, storybook in
// Chromium, e2e in Chromium), the sandbox's suite again on PostgreSQL (when its binaries are installed), build
// Storybook, then the hosts suite (test/hosts: the packed tarballs linted, installed with npm, type-checked as a
// consumer, and the Next.js and Vite + React 18 examples built and driven in Chromium). Prints a timing table and a
// closing "N passed, N failed" line.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = [];
// A report left by an earlier run must not be counted as this run's.
for (const file of ['vitest.json', 'vitest-postgres.json', 'hosts.json']) rmSync(`${root}test-results/${file}`, { force: true });
const report = `${root}test-results/vitest.json`;
const postgresReport = `${root}test-results/vitest-postgres.json`;
const hostsReport = `${root}test-results/hosts.json`;
mkdirSync(`${root}test-results`, { recursive: true });

function step(name, command, args) {
  const started = performance.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, seconds, ok: result.status === 0 });
  return result.status === 0;
}

function finish() {
  console.log('\n| step | seconds | result |\n|---|--:|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.seconds.toFixed(1)} | ${r.ok ? 'ok' : 'FAILED'} |`);
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`| total | ${total.toFixed(1)} | |`);
  let passed = 0;
  let failed = 0;
  for (const file of [report, postgresReport, hostsReport]) {
    try {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      passed += json.numPassedTests;
      failed += json.numFailedTests;
    } catch {
      // vitest did not get to write this report (or the PostgreSQL run did not happen)
    }
  }
  const stepFailures = results.filter((r) => !r.ok).length;
  console.log(`\nvitest: ${passed} passed, ${failed + (failed === 0 ? stepFailures : 0)} failed`);
  process.exit(stepFailures === 0 && passed > 0 ? 0 : 1);
}

/** PostgreSQL's initdb and pg_ctl, when installed (Debian's `postgresql`): the sandbox suite then runs on it too. */
function hasPostgres() {
  const dirs = [];
  try {
    dirs.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH
  }
  if (existsSync('/usr/lib/postgresql')) for (const version of readdirSync('/usr/lib/postgresql')) dirs.push(`/usr/lib/postgresql/${version}/bin`);
  return dirs.some((dir) => existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`));
}

function postgresStep() {
  if (!hasPostgres()) {
    console.log('\n▶ sandbox suite on PostgreSQL: not run — initdb/pg_ctl not installed (Debian: apt-get install postgresql; .ci/run does)');
    return true;
  }
  return step('sandbox suite on PostgreSQL', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--config', 'vitest.postgres.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`,
  ]);
}

// Each step runs only if the ones before it passed (&& short-circuits); finish() reports either way.
void (
  step('build packages', 'corepack', ['pnpm', 'build']) &&
  step('typecheck', 'corepack', ['pnpm', 'typecheck']) &&
  step('vitest (node, jsdom, storybook, e2e)', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]) &&
  postgresStep() &&
  step('storybook build', 'corepack', ['pnpm', 'exec', 'storybook', 'build', '--quiet', '-o', 'storybook-static']) &&
  step('hosts (tarballs, npm installs, Next.js and Vite + React 18 examples)', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--config', 'test/hosts/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${hostsReport}`,
  ])
);
finish();
