import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One vitest run for the whole workspace (`pnpm test`), split into projects by environment:
 * - node: protocol, sandbox, headless core (machines, transport, storage, logger);
 * - jsdom: React hooks, themes, UI components (Testing Library + axe);
 * - jsdom-react18: the same suite on React 18.3;
 * - storybook: every story rendered as a test in Chromium (see .storybook/);
 * - e2e: the demo in Chromium via playwright-core against a sandbox the setup starts.
 * node, jsdom and jsdom-react18 run without isolation; their files that mock modules run isolated in `<name>-isolated`
 * (see withoutIsolation). `pnpm test` selects them as `node*` and `jsdom*`.
 * Workspace packages resolve to their sources through the `source` export condition.
 */
const conditions = ['source', 'module', 'browser', 'development|production'];
const jsdomInclude = [
  'packages/headless/src/react/**/*.test.{ts,tsx}',
  'packages/themes/src/**/*.test.{ts,tsx}',
  'packages/ui/src/**/*.test.{ts,tsx}',
];
/**
 * What React 18 runs again: the hooks and the connected components — everything whose behaviour can depend on the
 * React version (effects, hydration, refs, transitions). Not the plain `.ts` tests (no React in them) nor the
 * presentational `*View` tests (the same markup for the same props; the hosts suite drives the whole UI on React
 * 18 in Chromium through examples/vite-react18).
 */
const react18Include = ['packages/headless/src/react/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.test.tsx'];
/** A package as installed in test/react18, where React is 18.3 (so are the peers of its React-dependent packages). */
const react18Module = (name: string) => fileURLToPath(new URL(`test/react18/node_modules/${name}`, import.meta.url));
/**
 * React and every package the sources and tests import that loads React (and their subpaths) → test/react18's
 * installs. Dependencies are loaded by Node, past any alias: what they import must resolve to React 18 from where
 * they are installed, which pnpm arranges for test/react18's dependencies (their React peer is 18 there).
 */
const react18Aliases = ['react', 'react-dom', '@testing-library/react', '@xstate/react', '@radix-ui/react-dialog', '@radix-ui/react-popover'].flatMap((name) => {
  const escaped = name.replace(/[/]/g, '\\/');
  return [
    { find: new RegExp(`^${escaped}$`), replacement: react18Module(name) },
    { find: new RegExp(`^${escaped}/(.*)$`), replacement: `${react18Module(name)}/$1` },
  ];
});

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every test file under the folders the projects read (relative to the root, `/`-separated). */
function testFiles(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(`${root}${folder}`, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  for (const folder of ['packages', 'test', 'scripts']) walk(folder);
  return found;
}

/** The test files that mock modules (`vi.mock`, `vi.doMock`): they need a module graph of their own. */
const mockingFiles = testFiles().filter((file) => /\bvi\.(?:mock|doMock|unmock)\(/.test(readFileSync(`${root}${file}`, 'utf8')));

/** The include globs' files, as a test (`**`, `*` and `{a,b}` are all the globs here use). */
function globMatcher(globs: readonly string[]): (file: string) => boolean {
  const patterns = globs.map((glob) => {
    const source = glob
      .replace(/[.+^$()|[\]\\]/g, '\\$&')
      .replace(/\{([^}]*)\}/g, (_, options: string) => `(?:${options.split(',').join('|')})`)
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*/g, '[^/]*')
      .replace(/\u0000/g, '(?:.*/)?');
    return new RegExp(`^${source}$`);
  });
  return (file) => patterns.some((pattern) => pattern.test(file));
}

/**
 * A project run twice over: its files without isolation (each worker keeps one environment and one module graph from
 * file to file: the node project's run takes about 60% of its isolated time, jsdom's about 30%), and the files that
 * mock modules in `<name>-isolated`, each in a fresh one as before.
 */
function withoutIsolation(project: TestProjectInlineConfiguration & { test: { name: string; include: string[] } }): TestProjectInlineConfiguration[] {
  const included = globMatcher(project.test.include);
  const excluded = globMatcher(project.test.exclude ?? []);
  const isolated = mockingFiles.filter((file) => included(file) && !excluded(file));
  return [
    { ...project, test: { ...project.test, isolate: false, exclude: [...(project.test.exclude ?? ['**/node_modules/**']), ...isolated] } },
    ...(isolated.length === 0 ? [] : [{ ...project, test: { ...project.test, name: `${project.test.name}-isolated`, include: isolated } }]),
  ];
}

export default defineConfig({
  test: {
    projects: [
      ...withoutIsolation({
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/protocol/src/**/*.test.ts',
            'packages/sandbox/src/**/*.test.ts',
            'packages/headless/src/core/**/*.test.ts',
            'packages/headless/src/testing/**/*.test.ts',
            'packages/headless/src/solana/**/*.test.ts',
            'packages/headless/src/exports/**/*.test.ts',
            'test/*.test.ts',
            // read the built packages (the test command builds first)
            'test/packaging/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // the PostgreSQL run's own checks (vitest.postgres.config.ts runs them)
          exclude: ['**/node_modules/**', '**/*.postgres.test.ts'],
          globalSetup: ['test/setup/sandbox.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      }),
      ...withoutIsolation({
        plugins: [react(), vanillaExtractPlugin()],
        resolve: { conditions },
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: jsdomInclude,
          setupFiles: ['test/setup/jsdom.ts'],
          globalSetup: ['test/setup/sandbox.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      }),
      // The same jsdom suite once more on React 18.3 (the packages' peer range is ^18 || ^19): react and react-dom
      // and the packages that load them are aliased to test/react18's installs (see react18Aliases).
      ...withoutIsolation({
        plugins: [react(), vanillaExtractPlugin()],
        resolve: { conditions, alias: react18Aliases },
        test: {
          name: 'jsdom-react18',
          environment: 'jsdom',
          include: react18Include,
          exclude: ['**/node_modules/**', '**/*View.test.tsx'],
          setupFiles: ['test/setup/jsdom.ts', 'test/setup/react18.ts'],
          globalSetup: ['test/setup/sandbox.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      }),
      {
        // Storybook's own Vite config (.storybook/main.ts viteFinal: vanilla-extract, `source`
        // condition) is applied by the plugin; every story is a test, its play function the body.
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            // Debian's Chromium, never a downloaded one (FACTS.md).
            provider: playwright({
              launchOptions: {
                executablePath: '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
          // The live story signs in against a sandbox; the setup file hands its URL to the browser.
          globalSetup: ['test/setup/sandbox.ts'],
          setupFiles: ['.storybook/sandboxUrl.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/setup.ts'],
          setupFiles: ['test/e2e/failureSnapshots.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: too short for a lazy chunk plus a server round trip on a busy
          // 2-core CI machine (a poll that passes returns as soon as it does).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
