import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The size budget rests on this: what `@latchkey/ui` imports statically (what a host's first chunk
 * holds) never reaches Radix; the dialog and the menu come in through `import()` only.
 */
const here = dirname(fileURLToPath(import.meta.url));
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files and packages `entry` reaches: through static imports, and also through `import()` when `dynamic`. */
function staticGraph(entry: string, { dynamic = false } = {}): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  for (let i = 0; i < queue.length && i < 500; i++) {
    const file = queue[i] as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const matches = [...text.matchAll(STATIC_IMPORT), ...(dynamic ? text.matchAll(DYNAMIC_IMPORT) : [])];
    for (const match of matches) {
      const specifier = (match[1] ?? match[2]) as string;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier).replace(/\.js$/, '');
      const candidates = [`${base}.ts`, `${base}.tsx`];
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (!found) throw new Error(`cannot resolve ${specifier} from ${file}`);
      queue.push(found);
    }
  }
  return { files, packages };
}

it('behavior: the static import graph of the entry point has no Radix', () => {
  const { files, packages } = staticGraph(resolve(here, 'index.ts'));
  expect([...packages].filter((name) => name.startsWith('@radix-ui/'))).toEqual([]);
  const relative = [...files].map((file) => file.slice(here.length + 1));
  expect(relative).not.toContain('screens/SignInDialog/SignInDialogView.tsx');
  expect(relative).not.toContain('screens/UserMenu/UserMenuView.tsx');
  expect(relative).not.toContain('screens/SignInEmbedded/SignInEmbeddedView.tsx');
  expect(relative).toContain('SignInButton/SignInButton.tsx');
  // the e-mail flow and its steps come with the dialog, through @latchkey/ui/flows or import()
  expect(relative.filter((file) => file.startsWith('flows/') || file.startsWith('screens/LoginView/'))).toEqual([]);
});

it('behavior: the dialog module itself does use Radix (so the check above can fail)', () => {
  const { packages } = staticGraph(resolve(here, 'screens/SignInDialog/ConnectedSignInDialog.tsx'));
  expect(packages).toContain('@radix-ui/react-dialog');
});

it('behavior: nothing @latchkey/ui or @latchkey/ui/flows can load, even lazily, needs Solana; @latchkey/ui/solana does', () => {
  // A host bundler follows import() too: a Solana import anywhere below these entries would fail the build of a host
  // that did not install @solana/web3.js (an optional peer dependency).
  const isSolana = (name: string) => name.startsWith('@solana/') || name === '@latchkey/headless/solana' || name === '@latchkey/headless/react/solana';
  for (const entry of ['index.ts', 'flows/index.ts']) {
    const { packages } = staticGraph(resolve(here, entry), { dynamic: true });
    expect([...packages].filter(isSolana)).toEqual([]);
  }
  const { packages } = staticGraph(resolve(here, 'solana.ts'), { dynamic: true });
  expect([...packages].filter(isSolana)).toContain('@latchkey/headless/react/solana');
});

it("behavior: the entry point's static graph takes the headless provider and session from @latchkey/headless/react/provider, not the whole of @latchkey/headless/react", () => {
  // esbuild's code splitting puts whatever a first chunk's barrel re-exports and a lazy part uses (useUser, the user
  // actions: the user menu's) in a chunk the first paint loads.
  const { packages } = staticGraph(resolve(here, 'index.ts'));
  expect(packages).toContain('@latchkey/headless/react/provider');
  expect([...packages].filter((name) => name === '@latchkey/headless/react')).toEqual([]);
});

it('behavior: opening the user menu loads no deep-link crypto — its mobile-return check reads @latchkey/headless/mobile/return, not the mobile barrel', () => {
  // The barrel brings the deep-link encryption (@noble/curves, @noble/ciphers) and the mobile machines: measured +23.6
  // KiB gzip on "host, user menu open" when the menu's check imported it. The Wallets view loads them when it links.
  const { packages } = staticGraph(resolve(here, 'screens/UserMenu/ConnectedUserMenu.tsx'));
  expect(packages).toContain('@latchkey/headless/mobile/return');
  expect([...packages].filter((name) => name === '@latchkey/headless/mobile' || name.startsWith('@noble/'))).toEqual([]);
});

it("behavior: opening the user menu waits for none of its flows' machines — passkeys, MFA and social linking load beside it (menuFlows)", () => {
  // They brought xstate and five machines into "host, user menu open": 166.4 KiB gzip with them, 131.2 without.
  const { packages } = staticGraph(resolve(here, 'screens/UserMenu/ConnectedUserMenu.tsx'));
  const flowEntries = ['@latchkey/headless/react/mfa', '@latchkey/headless/react/passkey', '@latchkey/headless/react/social', '@latchkey/headless/social', 'xstate', '@xstate/react'];
  expect([...packages].filter((name) => flowEntries.includes(name))).toEqual([]);
  expect(staticGraph(resolve(here, 'screens/UserMenu/menuFlows.tsx')).packages).toContain('@latchkey/headless/react/social');
});
