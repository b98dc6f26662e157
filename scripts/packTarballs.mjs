#!/usr/bin/env node
// Packs every publishable package as a host would get it (`pnpm pack`: publishConfig applied, `workspace:*` turned
// into the version) into examples/.tarballs/latchkey-<name>.tgz — stable names the example hosts install from
// (`file:../.tarballs/latchkey-ui.tgz`). Packs what dist/ holds: run `corepack pnpm build` first.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishablePackages } from './publishManifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const tarballsDir = join(root, 'examples', '.tarballs');

/** Packs each package; returns `{ name, file }` for each (file: absolute path of its tarball). */
export function packTarballs({ outDir = tarballsDir, log = console.log } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const packed = [];
  for (const { dir, manifest } of publishablePackages()) {
    const staging = join(outDir, '.staging');
    mkdirSync(staging, { recursive: true });
    const result = spawnSync('corepack', ['pnpm', 'pack', '--pack-destination', staging], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pnpm pack failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
    const [produced] = readdirSync(staging);
    if (!produced) throw new Error(`pnpm pack wrote nothing for ${manifest.name}`);
    const file = join(outDir, `${manifest.name.replace('@', '').replace('/', '-')}.tgz`);
    renameSync(join(staging, produced), file);
    rmSync(staging, { recursive: true, force: true });
    packed.push({ name: manifest.name, file });
    log(`[pack] ${manifest.name}@${manifest.version} → ${file}`);
  }
  return packed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) packTarballs();
