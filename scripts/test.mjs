#!/usr/bin/env node
// `pnpm test`: every check, in order, failing fast: build the packages (the UI ships a built stylesheet and the
// demo uses dist), typecheck both programs, run every vitest project (node, jsdom, storybook in Chromium, e2e in
// Chromium), then build Storybook. Prints a timing table and a closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = [];
const report = `${root}test-results/vitest.json`;
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
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests;
  } catch {
    // vitest did not get to write its report
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
  step('storybook build', 'corepack', ['pnpm', 'exec', 'storybook', 'build', '--quiet', '-o', 'storybook-static'])
);
finish();
