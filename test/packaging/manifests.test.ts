import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version as headlessVersion } from '@latchkey/headless';
import { KIT_VERSION } from '@latchkey/protocol/constants';
import { version as uiVersion } from '../../packages/ui/src/version.js';
import { describe, expect, it } from 'vitest';
import { publishablePackages, withoutSource, withPublishExports } from '../../scripts/publishManifest.mjs';

/**
 * What a host installs, checked on the manifests and the built dist/ (the test command builds first): one version
 * scheme, licence and README, `source` kept out of the published exports, and no dependency declared for nothing.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = publishablePackages();

function filesUnder(dir: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (pattern.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

describe('published manifests', () => {
  it('default: the four packages a host installs', () => {
    expect(packages.map(({ manifest }) => manifest.name).sort()).toEqual(['@latchkey/headless', '@latchkey/protocol', '@latchkey/themes', '@latchkey/ui']);
  });

  it('behavior: one version — every package is the kit version the API header sends (KIT_VERSION), and so are the versions the provider checks', () => {
    for (const { manifest } of packages) expect(`${manifest.name}@${manifest.version}`).toBe(`${manifest.name}@${KIT_VERSION}`);
    expect({ headless: headlessVersion, ui: uiVersion }).toEqual({ headless: KIT_VERSION, ui: KIT_VERSION });
  });

  it('behavior: each ships a README and the MIT licence, and says which Node it runs on', () => {
    const licence = readFileSync(join(root, 'LICENSE'), 'utf8');
    for (const { dir, manifest } of packages) {
      expect(manifest.license).toBe('MIT');
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(licence);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(new RegExp(`^# ${manifest.name.replace('/', '\\/')}\\n`));
      expect(manifest.engines?.node).toMatch(/^>=\d+/);
      expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'src', '!src/test']));
    }
  });

  it('behavior: publishConfig.exports is exports without the workspace-only `source` condition', () => {
    for (const { manifest } of packages) {
      expect(manifest.publishConfig?.exports, `${manifest.name}: run node scripts/publishManifest.mjs`).toEqual(withPublishExports(manifest).publishConfig.exports);
      expect(JSON.stringify(manifest.publishConfig.exports)).not.toContain('"source"');
      // …and the workspace still has it (vitest and tsc resolve siblings to their sources through it).
      expect(JSON.stringify(manifest.exports)).toContain('"source"');
    }
    expect(withoutSource({ '.': { source: './src/a.ts', types: './dist/a.d.ts', default: './dist/a.js' }, './x': './dist/x.css' })).toEqual({
      '.': { types: './dist/a.d.ts', default: './dist/a.js' },
      './x': './dist/x.css',
    });
  });

  it('behavior: every export target is built, with its declaration and source maps', () => {
    for (const { dir, manifest } of packages) {
      for (const [subpath, target] of Object.entries(manifest.publishConfig.exports as Record<string, string | Record<string, string>>)) {
        const targets = typeof target === 'string' ? { default: target } : target;
        for (const file of Object.values(targets)) {
          expect(existsSync(join(dir, file)), `${manifest.name} ${subpath} → ${file}`).toBe(true);
          if (file.endsWith('.js')) expect(existsSync(join(dir, `${file}.map`)), `${file}.map`).toBe(true);
          if (file.endsWith('.d.ts')) expect(existsSync(join(dir, `${file}.map`)), `${file}.map`).toBe(true);
        }
      }
    }
  });

  it('behavior: no dependency is declared for nothing — each is imported by the built code or its declarations', () => {
    for (const { dir, manifest } of packages) {
      const built = filesUnder(join(dir, 'dist'), /\.(js|d\.ts)$/).map((file) => readFileSync(file, 'utf8')).join('\n');
      for (const name of Object.keys(manifest.dependencies ?? {})) {
        const imported = new RegExp(`(from|import\\(|import)\\s*['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(built);
        expect(imported, `${manifest.name} declares ${name} (${relative(root, dir)}/dist never imports it)`).toBe(true);
      }
    }
  });
});
