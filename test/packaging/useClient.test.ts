import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishablePackages } from '../../scripts/publishManifest.mjs';

/**
 * React Server Components (Next.js App Router): a module that uses React state or context must start with
 * `'use client'` so a Server Component file can import it. The built entries carry the directive — Rollup drops
 * module directives, so this reads what the build wrote — and only the React ones: the protocol's schemas, the
 * themes and the headless core stay plain modules a server can run.
 */
const CLIENT_ENTRIES: Record<string, (subpath: string) => boolean> = {
  '@latchkey/headless': (subpath) => subpath === './react' || subpath.startsWith('./react/'),
  '@latchkey/ui': (subpath) => subpath !== './styles.css',
  '@latchkey/themes': () => false,
  '@latchkey/protocol': () => false,
};
const DIRECTIVE = /^(['"])use client\1;?\n/;

describe("'use client' in the built entries", () => {
  for (const { dir, manifest } of publishablePackages()) {
    it(`behavior: ${manifest.name} — exactly its React entries start with 'use client'`, () => {
      const isClient = CLIENT_ENTRIES[manifest.name];
      expect(isClient, `${manifest.name} is missing from CLIENT_ENTRIES`).toBeDefined();
      const marked: string[] = [];
      for (const [subpath, target] of Object.entries(manifest.publishConfig.exports as Record<string, string | { default: string }>)) {
        const file = typeof target === 'string' ? target : target.default;
        if (!file.endsWith('.js')) continue;
        if (DIRECTIVE.test(readFileSync(join(dir, file), 'utf8'))) marked.push(subpath);
      }
      const expected = Object.keys(manifest.publishConfig.exports).filter((subpath) => isClient?.(subpath));
      expect(marked.sort()).toEqual(expected.sort());
      if (manifest.name === '@latchkey/headless' || manifest.name === '@latchkey/ui') expect(marked.length).toBeGreaterThan(0);
    });
  }
});
