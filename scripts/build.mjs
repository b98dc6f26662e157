#!/usr/bin/env node
// `pnpm build`: builds every package under packages/ (pnpm's topological order) and records, in each package's
// dist/.source-hash, a hash of what the build read (its sources and configs, the shared tsconfig, the lockfile).
// `--changed` builds only the packages whose sources changed since their last build: `pnpm dev` starts in seconds
// when nothing changed instead of rebuilding everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(root, 'packages');
const STAMP = '.source-hash';
const SHARED_INPUTS = ['tsconfig.base.json', 'pnpm-lock.yaml'];
const PACKAGE_INPUTS = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts'];

/** Every file under `dir`, sorted, skipping build output and dependencies. */
function filesUnder(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

/** The hash of everything a package's build reads. */
export function sourceHash(packageDir) {
  const hash = createHash('sha256');
  const inputs = [
    ...SHARED_INPUTS.map((name) => join(root, name)),
    ...PACKAGE_INPUTS.map((name) => join(packageDir, name)),
    ...filesUnder(join(packageDir, 'src')),
  ].filter((path) => existsSync(path) && statSync(path).isFile());
  for (const path of inputs) {
    hash.update(relative(root, path));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The packages with a build script: `{ name, dir }`. */
export function buildablePackages() {
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.scripts?.build)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir }));
}

const stampOf = (dir) => {
  try {
    return readFileSync(join(dir, 'dist', STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** Builds `packages` (all when `changedOnly` is false); returns the names built. Exits the process on failure. */
export function buildPackages({ changedOnly = false, log = console.log } = {}) {
  const packages = buildablePackages().map((pkg) => ({ ...pkg, hash: sourceHash(pkg.dir) }));
  const stale = changedOnly ? packages.filter((pkg) => stampOf(pkg.dir) !== pkg.hash) : packages;
  if (stale.length === 0) {
    log('[build] every package is up to date');
    return [];
  }
  log(`[build] building ${stale.map((pkg) => pkg.name).join(', ')}…`);
  const filters = stale.flatMap((pkg) => ['--filter', pkg.name]);
  const result = spawnSync('corepack', ['pnpm', '-r', ...filters, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  for (const pkg of stale) {
    mkdirSync(join(pkg.dir, 'dist'), { recursive: true });
    // The hash taken before the build: a source edited during the build is rebuilt next time.
    writeFileSync(join(pkg.dir, 'dist', STAMP), `${pkg.hash}\n`);
  }
  return stale.map((pkg) => pkg.name);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildPackages({ changedOnly: process.argv.includes('--changed') });
}
