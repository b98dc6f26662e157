import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { API_VERSION, KIT_VERSION_HEADER } from './constants.js';
import { clientWalletErrorCodes } from './clientErrorCodes.js';
import { serverErrorCodes } from './errorCodes.js';
import * as protocol from './index.js';
import { routeInfo } from './routeInfo.js';
import { buildRoutePath } from './routePath.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The subpath entries other than `.`: plain data and code that a client's first paint may import. */
const plainEntries = Object.entries(packageJson.exports as Record<string, { source: string }>).filter(([key]) => key !== '.');

/** Every module specifier a source file imports or re-exports, statically or with `import()`. */
function importedSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) specifiers.push(match[1] ?? '');
  return specifiers;
}

describe('zod-free subpaths', () => {
  it('default: the package exports the plain modules as subpaths', () => {
    expect(plainEntries.map(([key]) => key).sort()).toEqual(['./clientErrorCodes', './constants', './defaultWalletCatalogue', './errorCodes', './frost', './routeInfo', './routePath', './secureUrl']);
  });

  it('default: a plain module imports nothing but other plain modules and @noble/curves (so importing it never loads zod)', () => {
    // An entry that is a folder's index (./frost) brings the folder's modules with it.
    const plainFiles = new Set(
      plainEntries.flatMap(([, entry]) => {
        const file = path.resolve(packageRoot, entry.source);
        if (path.basename(file) !== 'index.ts') return [file];
        const folder = path.dirname(file);
        return readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).map((name) => path.join(folder, name));
      }),
    );
    for (const file of plainFiles) {
      for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('@noble/curves/')) continue;
        expect(specifier.startsWith('.'), `${path.basename(file)} imports ${specifier}`).toBe(true);
        const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
        expect(plainFiles.has(target), `${path.basename(file)} imports ${specifier}, which is not a plain module`).toBe(true);
      }
    }
  });

  it('default: the main entry exports the same values as the subpaths', () => {
    expect(protocol.API_VERSION).toBe(API_VERSION);
    expect(protocol.KIT_VERSION_HEADER).toBe(KIT_VERSION_HEADER);
    expect(protocol.serverErrorCodes).toBe(serverErrorCodes);
    expect(protocol.clientWalletErrorCodes).toBe(clientWalletErrorCodes);
    expect(protocol.routeInfo).toBe(routeInfo);
    expect(protocol.buildRoutePath).toBe(buildRoutePath);
  });
});
