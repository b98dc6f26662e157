import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The hosts suite (`pnpm test` runs it after the main one): the packages as a host gets them — packed tarballs,
 * installed with npm into a bare host and into two example apps (Next.js App Router on React 19, Vite on React
 * 18.3), built as each host builds, and driven in Chromium against a sandbox. See setup.ts.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'hosts',
    environment: 'node',
    include: ['test/hosts/**/*.test.ts'],
    globalSetup: ['test/hosts/setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
