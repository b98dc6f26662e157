import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@latchkey/sandbox';
import type { TestProject } from 'vitest/node';
import { build, createServer, preview } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string;
    /** The same demo under Vite's dev server (what `pnpm dev` serves): modules served one by one, dependencies pre-bundled. */
    demoDevUrl: string;
    e2eSandboxUrl: string;
    e2eEnvironmentId: string;
  }
}

const demoRoot = fileURLToPath(new URL('../../examples/demo/', import.meta.url));

/**
 * Starts a fresh in-memory sandbox, builds the demo against it (the built packages, as a host gets them) and
 * serves the build on a free loopback port. Requires `pnpm build` to have run (the test command does it).
 */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true });
  const outDir = mkdtempSync(join(tmpdir(), 'latchkey-demo-'));
  const devCacheDir = mkdtempSync(join(tmpdir(), 'latchkey-demo-dev-cache-'));
  process.env.LATCHKEY_SANDBOX_URL = sandbox.info.apiBaseUrl;
  process.env.LATCHKEY_ENVIRONMENT_ID = sandbox.info.environmentId;
  process.env.LATCHKEY_CUSTODY_URL = sandbox.info.custodyBaseUrl;
  process.env.LATCHKEY_SOLANA_RPC_URL = sandbox.info.solanaRpcUrl;
  process.env.LATCHKEY_SOLANA_WS_URL = sandbox.info.solanaWsUrl;
  process.env.LATCHKEY_OAUTH_URL = sandbox.info.oauthIssuer;
  process.env.LATCHKEY_CLOUD_DRIVE_URL = sandbox.info.cloudDriveUrl;
  process.env.LATCHKEY_CAPTCHA_URL = sandbox.info.captchaUrl;
  await build({ root: demoRoot, configFile: join(demoRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    root: demoRoot,
    configFile: join(demoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const demoUrl = server.resolvedUrls?.local[0];
  if (!demoUrl) throw new Error('vite preview did not report a URL for the demo');
  // The dev server `pnpm dev` runs: a path the production build does not take (pre-bundled dependencies, no
  // tree-shaking), so the e2e suite runs a signed-in journey on it too.
  const devServer = await createServer({
    root: demoRoot,
    configFile: join(demoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    // Its own dependency cache: `pnpm dev` (and its test) optimize into the demo's, with other settings.
    cacheDir: devCacheDir,
    server: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  await devServer.listen();
  const demoDevUrl = devServer.resolvedUrls?.local[0];
  if (!demoDevUrl) throw new Error('the vite dev server did not report a URL for the demo');
  project.provide('demoUrl', demoUrl);
  project.provide('demoDevUrl', demoDevUrl);
  project.provide('e2eSandboxUrl', sandbox.url);
  project.provide('e2eEnvironmentId', sandbox.info.environmentId);
  return async () => {
    await devServer.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await sandbox.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(devCacheDir, { recursive: true, force: true });
  };
}
