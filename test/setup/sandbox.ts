import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../packages/sandbox/src/index.js';

/**
 * vitest globalSetup: one in-memory sandbox on a free port for the whole run. Tests read its
 * origin and environment id with `inject('sandboxUrl')` / `inject('sandboxEnvironmentId')`;
 * tests that change settings restore them with POST /sandbox/admin/reset-settings.
 */
export default async function setup({ provide }: Pick<TestProject, 'provide'>): Promise<() => Promise<void>> {
  const sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true });
  provide('sandboxUrl', sandbox.url);
  provide('sandboxEnvironmentId', sandbox.info.environmentId);
  return () => sandbox.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
    sandboxEnvironmentId: string;
  }
}
