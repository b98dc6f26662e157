import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The flow contract (DESIGN.md "Where a flow lives"): a newcomer who knows a flow's name finds its machine, hook, UI,
 * story, e2e test and sandbox routes without searching. This test keeps it so — a new flow that drifts fails here —
 * and guards the rest of the layout: no mirrored `types.ts` in the UI flows, entry files only in `src/exports/`, no
 * import circle, no source file over 400 lines.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const exists = (path: string) => existsSync(join(root, path));
const upper = (flow: string) => flow.charAt(0).toUpperCase() + flow.slice(1);

/** Every flow, and the sandbox route group that serves it (one `routes/<group>Routes.ts`). */
const FLOWS: Record<string, { routes: string }> = {
  emailSignIn: { routes: 'email' },
  smsSignIn: { routes: 'sms' },
  socialSignIn: { routes: 'social' },
  passkeySignIn: { routes: 'passkey' },
  passkeyManager: { routes: 'passkey' },
  mfaChallenge: { routes: 'mfa' },
  mfaEnrolment: { routes: 'mfa' },
  mfaDevices: { routes: 'mfa' },
  walletSignIn: { routes: 'wallet' },
  mobileWallet: { routes: 'mobileWalletSimulator' },
  embeddedWallet: { routes: 'embeddedWallet' },
  sendTransaction: { routes: 'chain' },
  socket: { routes: 'mpc' },
};

/** Where each piece of `flow` lives. */
function placesOf(flow: string) {
  const Flow = upper(flow);
  return {
    machine: `packages/headless/src/core/machines/${flow}/${flow}Machine.ts`,
    hook: `packages/headless/src/react/use${Flow}.ts`,
    component: `packages/ui/src/flows/${Flow}/${Flow}.tsx`,
    view: `packages/ui/src/flows/${Flow}/${Flow}View.tsx`,
    story: `stories/${Flow}.stories.tsx`,
    e2e: `test/e2e/${flow}.test.ts`,
    routes: `packages/sandbox/src/routes/${FLOWS[flow]!.routes}Routes.ts`,
  };
}

describe('the flow contract', () => {
  it.each(Object.keys(FLOWS))('%s: machine, hook, component (with .Custom), view, story, e2e and routes where the name says', (flow) => {
    const Flow = upper(flow);
    const places = placesOf(flow);
    const missing = Object.entries(places)
      .filter(([, path]) => !exists(path))
      .map(([kind, path]) => `${kind}: ${path}`);
    expect(missing).toEqual([]);
    const machine = read(places.machine);
    expect(machine).toMatch(new RegExp(`export const ${flow}Machine\\b`));
    expect(machine).toMatch(new RegExp(`export (function|const) ${flow}Status\\b`));
    expect(read(places.hook)).toMatch(new RegExp(`export function use${Flow}\\(`));
    const component = read(places.component);
    expect(component).toMatch(new RegExp(`export function ${Flow}\\(`));
    expect(component).toMatch(new RegExp(`${Flow}\\.Custom = `));
    expect(read(places.view)).toMatch(new RegExp(`export function ${Flow}View\\(`));
    expect(read(places.story)).toContain(`title: 'Flows/${Flow}'`);
  });

  it('behavior: hooks read statuses with the machine\'s reader, never a cast of snapshot.value', () => {
    const hooks = readdirSync(join(root, 'packages/headless/src/react')).filter((file) => /^use\w+\.ts$/.test(file));
    const casting = hooks.filter((file) => /snapshot\.value as /.test(read(`packages/headless/src/react/${file}`)));
    expect(casting).toEqual([]);
  });

  it('behavior: no UI flow re-declares headless types in a types.ts', () => {
    const flows = readdirSync(join(root, 'packages/ui/src/flows'));
    expect(flows.filter((flow) => exists(`packages/ui/src/flows/${flow}/types.ts`))).toEqual([]);
  });

  it('behavior: entry files live in src/exports/; src/react/ holds hooks (and the provider they need)', () => {
    const react = readdirSync(join(root, 'packages/headless/src/react')).filter((file) => !file.includes('.test.'));
    expect(react.filter((file) => !/^use\w+\.ts$/.test(file) && !/^Latchkey(Context|Provider)\.tsx?$/.test(file))).toEqual([]);
    const manifest = JSON.parse(read('packages/headless/package.json')) as { exports: Record<string, { source: string }> };
    expect(Object.values(manifest.exports).filter((entry) => !entry.source.startsWith('./src/exports/'))).toEqual([]);
  });
});

/** Non-test TypeScript sources of the packages (and the stories), relative to the repository root. */
function sources(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) && !path.includes('/test/')) found.push(path);
    }
  };
  for (const pkg of readdirSync(join(root, 'packages'))) walk(`packages/${pkg}/src`);
  return found;
}

/** The relative imports of `file`, resolved to source files. */
function importsOf(file: string): string[] {
  const text = read(file);
  const targets: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const base = resolve(join(root, dirname(file)), match[1]!);
    const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base];
    const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (hit) targets.push(relative(root, hit));
  }
  return targets;
}

describe('the code layout', () => {
  it('behavior: no import circle among the packages\' sources (static imports; type-only imports included)', () => {
    const files = sources();
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
        else if (!state.has(next) && graph.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('behavior: no source file over 400 lines (split along its seams instead)', () => {
    const long = sources()
      .map((file) => ({ file, lines: read(file).split('\n').length }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
