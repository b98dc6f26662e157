import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { npmInstall, repoRoot, run } from './hosts.js';

/**
 * The packages as published: the tarballs pass publint (strict) and "Are the types wrong?" (ESM-only profile), and
 * a host that runs `npm install @latchkey/ui` gets a small tree with no install script, no @types/node and no
 * `source` condition; every documented subpath type-checks for a consumer on moduleResolution bundler and node16.
 */
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);
const bareHost = () => inject('bareHostDir');
/** At most this many packages come with `npm install @latchkey/ui` (React and React DOM, its peers, included). */
const INSTALL_BUDGET = 80;

interface Installed {
  name: string;
  dir: string;
  manifest: { name: string; version: string; scripts?: Record<string, string>; exports?: unknown; publishConfig?: unknown };
}

/** Every package under `dir`/node_modules, nested ones included. */
function installedPackages(dir: string): Installed[] {
  const found: Installed[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry];
      for (const name of names) {
        const packageDir = join(modules, name);
        const manifestPath = join(packageDir, 'package.json');
        if (!existsSync(manifestPath)) continue;
        found.push({ name, dir: packageDir, manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) });
        visit(join(packageDir, 'node_modules'));
      }
    }
  };
  visit(join(dir, 'node_modules'));
  return found;
}

describe('the tarballs', () => {
  it.each(['@latchkey/protocol', '@latchkey/headless', '@latchkey/themes', '@latchkey/ui'])('behavior: %s — publint --strict reports nothing', (name) => {
    const tarball = inject('tarballs').find((entry) => entry.name === name);
    expect(tarball).toBeDefined();
    const output = run(bin('publint'), ['run', tarball!.file, '--strict'], repoRoot);
    expect(output).toContain('All good!');
  });

  it.each(['@latchkey/protocol', '@latchkey/headless', '@latchkey/themes', '@latchkey/ui'])(
    'behavior: %s — attw --profile esm-only reports no problem (the stylesheet entry excluded)',
    (name) => {
      const tarball = inject('tarballs').find((entry) => entry.name === name);
      // attw exits 1 on any problem the profile does not ignore; run() throws with its table then.
      const output = run(bin('attw'), [tarball!.file, '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css', '--format', 'ascii'], repoRoot);
      expect(output).toContain('bundler: 🟢');
      expect(output).toContain('node16 (from ESM): 🟢');
    },
  );
});

describe('npm install @latchkey/ui (a bare host)', () => {
  it(`behavior: at most ${INSTALL_BUDGET} packages, none with an install script, no @types/node`, () => {
    const installed = installedPackages(bareHost());
    const names = installed.map((entry) => entry.name).sort();
    console.log(`npm install @latchkey/ui: ${installed.length} packages (${inject('installReports')['bare host']})\n${names.join(' ')}`);
    expect(installed.length).toBeLessThanOrEqual(INSTALL_BUDGET);
    expect(names).toContain('react-dom');
    const withScripts = installed.filter(({ dir, manifest }) => {
      const scripts = manifest.scripts ?? {};
      return 'preinstall' in scripts || 'install' in scripts || 'postinstall' in scripts || existsSync(join(dir, 'binding.gyp'));
    });
    expect(withScripts.map((entry) => entry.name)).toEqual([]);
    expect(names.filter((name) => name.startsWith('@types/'))).toEqual([]);
    // Solana's heavy libraries come only to a host that installs them for the Solana entries.
    expect(names.filter((name) => name.startsWith('@solana/') || ['jayson', 'rpc-websockets', 'node-fetch', 'bigint-buffer'].includes(name))).toEqual([]);
  });

  it('behavior: the installed manifests carry no `source` condition, and Node resolves the packages under --conditions=source', () => {
    for (const { manifest } of installedPackages(bareHost()).filter((entry) => entry.name.startsWith('@latchkey/'))) {
      expect(JSON.stringify(manifest.exports), manifest.name).not.toContain('"source"');
      expect(manifest.publishConfig, manifest.name).toBeUndefined();
      expect(manifest.version).toBe('4.18.0');
    }
    const script = "await import('@latchkey/protocol'); await import('@latchkey/headless'); await import('@latchkey/themes'); const ui = await import('@latchkey/ui'); if (!ui.SignInButton) process.exit(2);";
    run('node', ['--conditions=source', '--input-type=module', '-e', script], bareHost());
  });
});

describe('a TypeScript consumer', () => {
  /** One import per documented subpath of each package (the stylesheet aside). */
  function consumerSource(): string {
    const specifiers = installedPackages(bareHost())
      .filter((entry) => entry.name.startsWith('@latchkey/'))
      .flatMap(({ name, manifest }) =>
        Object.keys(manifest.exports as Record<string, unknown>)
          .filter((subpath) => !subpath.endsWith('.css'))
          .map((subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`)),
      )
      .sort();
    expect(specifiers.length).toBeGreaterThan(20);
    return `${specifiers.map((specifier, index) => `import * as entry${index} from '${specifier}';`).join('\n')}\nexport const entries = [${specifiers.map((_, index) => `entry${index}`).join(', ')}];\n`;
  }

  it.each([
    ['bundler', 'esnext', 'consumer.ts'],
    ['node16', 'node16', 'consumer.mts'],
  ])('behavior: every subpath type-checks on moduleResolution %s — declarations checked too, no global types but the DOM', (resolution, module, file) => {
    // The host's own React types, and the optional Solana peers (for the Solana subpaths).
    if (!existsSync(join(bareHost(), 'node_modules', '@solana', 'web3.js'))) {
      npmInstall(bareHost(), ['--no-save', '@types/react@19.3.0', '@types/react-dom@19.3.0', '@solana/web3.js@1.99.0', '@solana/spl-token@0.4.15']);
    }
    // node16: an ES module consumer (.mts) — the packages are ESM-only.
    writeFileSync(join(bareHost(), file), consumerSource());
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        // the packages' declarations are checked as well, not only their use
        skipLibCheck: false,
        target: 'es2022',
        lib: ['es2022', 'dom', 'dom.iterable'],
        jsx: 'react-jsx',
        module,
        moduleResolution: resolution,
        // no ambient @types (@types/node arrives with web3.js): a declaration that needs Node's types fails here
        types: [],
      },
      files: [file],
    };
    writeFileSync(join(bareHost(), `tsconfig.${resolution}.json`), JSON.stringify(config));
    const result = spawnSync(bin('tsc'), ['-p', `tsconfig.${resolution}.json`], { cwd: bareHost(), encoding: 'utf8' });
    const errors = result.stdout.split('\n').filter((line) => / error TS\d+:/.test(line));
    // web3.js's own declarations import Node's 'http' and 'https' (a host that installs it gets @types/node with it,
    // through its dependencies): those are web3.js's. Every other file — the consumer and the kit's declarations —
    // must check without any ambient type.
    expect(errors.filter((line) => !line.startsWith('node_modules/@solana/web3.js/'))).toEqual([]);
    expect(result.status === 0 || errors.length > 0, result.stderr).toBe(true);
  });
});
