#!/usr/bin/env node
// `pnpm test`: every check, failing fast: build the packages (the UI ships a built stylesheet and the demo uses
// dist), typecheck both programs, then two lanes at once — the machine has two cores and the browser lane mostly
// waits on Chromium and the network:
//   lane A: vitest's node, jsdom (React 19 and 18) and storybook projects, then the sandbox's suite again on
//           PostgreSQL (when its binaries are installed);
//   lane B: the e2e project (the demo in Chromium against the sandbox), the Storybook build, then the hosts suite (test/hosts: the packed
//           tarballs linted, installed with npm, type-checked as a consumer, the Next.js and Vite + React 18
//           examples built and driven in Chromium).
// Lane A streams to the terminal; lane B's lines carry a "[B]" prefix. Each lane stops at its first failure.
// Prints a timing table and a closing "N passed, N failed" line.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = [];
// A report left by an earlier run must not be counted as this run's.
for (const file of ['vitest.json', 'vitest-e2e.json', 'vitest-postgres.json', 'hosts.json']) rmSync(`${root}test-results/${file}`, { force: true });
const report = `${root}test-results/vitest.json`;
const e2eReport = `${root}test-results/vitest-e2e.json`;
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

/**
 * A step of a lane, as a promise of its success. Lane A's output goes straight to the terminal; lane B's comes
 * line by line with a "[B] " prefix, so the two stay readable side by side.
 */
function laneStep(lane, name, command, args) {
  const started = performance.now();
  const prefix = lane === 'A' ? '' : `[${lane}] `;
  console.log(`\n${prefix}▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const env = { ...process.env, FORCE_COLOR: process.env.CI || prefix ? '0' : '1' };
    const child = spawn(command, args, { cwd: root, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
        });
        stream.on('end', () => pending && process.stdout.write(`${prefix}${pending}\n`));
      }
    }
    child.on('close', (code) => {
      results.push({ name: `${name} (lane ${lane})`, seconds: (performance.now() - started) / 1000, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

function finish() {
  console.log('\n| step | seconds | result |\n|---|--:|---|');
  for (const r of results) console.log(`| ${r.name} | ${r.seconds.toFixed(1)} | ${r.ok ? 'ok' : 'FAILED'} |`);
  console.log(`| total (wall clock; the lanes overlap) | ${((performance.now() - runStarted) / 1000).toFixed(1)} | |`);
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const file of [report, e2eReport, postgresReport, hostsReport]) {
    let json;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // vitest did not get to write this report (or the PostgreSQL run did not happen)
    }
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const suite of json.testResults ?? []) {
      const where = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push({ where, title: `${t.fullName ?? t.title} (${Math.round(t.duration ?? 0)} ms)`, message: t.failureMessages?.[0] ?? '' });
      // A file that failed before any test ran (an import error, a hook) has no failed test to name.
      if (suite.status === 'failed' && failedTests.length === 0) failures.push({ where, title: '(the file)', message: suite.message ?? '' });
    }
  }
  // The end of a long log is what a CI summary keeps: name what failed here, not only thousands of lines above.
  if (failures.length > 0) {
    console.log('\nfailed:');
    for (const f of failures.slice(0, 20)) {
      console.log(`- ${f.where} › ${f.title}`);
      for (const line of f.message.split('\n').filter((l) => l.trim() && !(/^\s*at /.test(l) && /node_modules|\(node:|at node:/.test(l))).slice(0, 6)) console.log(`    ${line.slice(0, 240)}`);
    }
    if (failures.length > 20) console.log(`- … and ${failures.length - 20} more`);
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

function postgresStep(lane) {
  if (!hasPostgres()) {
    console.log(`\n${lane === 'A' ? '' : `[${lane}] `}▶ sandbox suite on PostgreSQL: not run — initdb/pg_ctl not installed (Debian: apt-get install postgresql; .ci/run does)`);
    return Promise.resolve(true);
  }
  return laneStep(lane, 'sandbox suite on PostgreSQL', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--config', 'vitest.postgres.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`,
  ]);
}

const runStarted = performance.now();
if (step('build packages', 'corepack', ['pnpm', 'build']) && step('typecheck', 'corepack', ['pnpm', 'typecheck'])) {
  // Each lane runs its steps in order, stopping at its first failure; finish() reports either way.
  const laneA = (async () =>
    (await laneStep('A', 'vitest (node, jsdom, jsdom-react18, storybook)', 'corepack', [
      // `name*`: each project and its `-isolated` twin (vitest.config.ts: the files that mock modules).
      'pnpm', 'exec', 'vitest', 'run', '--project', 'node*', '--project', 'jsdom*', '--project', 'storybook',
      '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
    ])) && (await postgresStep('A')))();
  const laneB = (async () =>
    (await laneStep('B', 'vitest e2e (the demo in Chromium)', 'corepack', [
      'pnpm', 'exec', 'vitest', 'run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`,
    ])) &&
    (await laneStep('B', 'storybook build', 'corepack', ['pnpm', 'exec', 'storybook', 'build', '--quiet', '-o', 'storybook-static'])) &&
    (await laneStep('B', 'hosts (tarballs, npm installs, Next.js and Vite + React 18 examples)', 'corepack', [
      'pnpm', 'exec', 'vitest', 'run', '--config', 'test/hosts/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${hostsReport}`,
    ])))();
  await Promise.all([laneA, laneB]);
}
finish();
