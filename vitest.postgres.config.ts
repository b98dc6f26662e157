import { defineConfig } from 'vitest/config';

/**
 * The sandbox's own test suite once more, against real PostgreSQL (issue 11): every test sandbox that would be an
 * in-memory PGlite gets its own database in a throwaway cluster (packages/sandbox/src/test/postgresSetup.ts).
 * `pnpm test` runs it after the main run when PostgreSQL's binaries are installed.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'sandbox-postgres',
    environment: 'node',
    include: ['packages/sandbox/src/**/*.test.ts'],
    // As the node project runs them (vitest.config.ts): one module graph per worker, file to file (none mocks modules).
    isolate: false,
    globalSetup: ['test/setup/sandbox.ts', 'packages/sandbox/src/test/postgresSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
