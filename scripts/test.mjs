#!/usr/bin/env node
// `pnpm test`: every check, in order, failing fast: build the packages (the UI ships a built stylesheet and the
// demo uses dist), typecheck both programs, run every vitest project (node, jsdom on React 19 and 18, storybook in
// Chromium, e2e in Chromium), build Storybook, then the hosts suite (test/hosts: the packed tarballs linted,
// installed with npm, type-checked as a consumer, and the Next.js and Vite + React 18 examples built and driven in
// Chromium). Prints a timing table and a closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = [];
// A report left by an earlier run must not be counted as this run's.
for (const file of [`${root}test-results/vitest.json`, `${root}test-results/hosts.json`]) rmSync(file, { force: true });
const report = `${root}test-results/vitest.json`;
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
  for (const file of [report, hostsReport]) {
    try {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      passed += json.numPassedTests;
      failed += json.numFailedTests;
    } catch {
      // vitest did not get to write this report
    }
  }
  const stepFailures = results.filter((r) => !r.ok).length;
  console.log(`\nvitest: ${passed} passed, ${failed + (failed === 0 ? stepFailures : 0)} failed`);
  process.exit(stepFailures === 0 && passed > 0 ? 0 : 1);
}

// Each step runs only if the ones before it passed (&& short-circuits); finish() reports either way.
void (
  step('build packages', 'corepack', ['pnpm', 'build']) &&
  step('typecheck', 'corepack', ['pnpm', 'typecheck']) &&
  step('vitest (node, jsdom, storybook, e2e)', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]) &&
  step('storybook build', 'corepack', ['pnpm', 'exec', 'storybook', 'build', '--quiet', '-o', 'storybook-static']) &&
  step('hosts (tarballs, npm installs, Next.js and Vite + React 18 examples)', 'corepack', [
    'pnpm', 'exec', 'vitest', 'run', '--config', 'test/hosts/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${hostsReport}`,
  ])
);
finish();
