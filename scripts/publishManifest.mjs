#!/usr/bin/env node
// The published manifests: every `exports` entry of a workspace package lists a `source` condition first (the
// workspace, vitest and tsc resolve a sibling package to its sources through it), which must never reach a host —
// the tarballs do not resolve it the same way, and `node --conditions=source` would break. `pnpm pack` / `pnpm
// publish` use `publishConfig.exports` instead of `exports`; this script writes it as `exports` without `source`.
// `node scripts/publishManifest.mjs` writes it; `--check` exits 1 when a manifest is out of date (a test runs it).
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The packages a host installs (not private): `{ dir, manifestPath, manifest }`. */
export function publishablePackages() {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifestPath: join(dir, 'package.json'), manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/** An `exports` value without any `source` condition, at any depth. */
export function withoutSource(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'source').map(([key, inner]) => [key, withoutSource(inner)]));
}

/** The manifest with `publishConfig.exports` brought up to date (other keys kept, in their order). */
export function withPublishExports(manifest) {
  return { ...manifest, publishConfig: { ...manifest.publishConfig, exports: withoutSource(manifest.exports) } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { manifestPath, manifest } of publishablePackages()) {
    const next = withPublishExports(manifest);
    if (isDeepStrictEqual(next, manifest)) continue;
    stale += 1;
    if (check) console.error(`${manifestPath}: publishConfig.exports is out of date — run node scripts/publishManifest.mjs`);
    else writeFileSync(manifestPath, `${JSON.stringify(next, null, 2)}\n`);
  }
  if (check && stale > 0) process.exit(1);
}
