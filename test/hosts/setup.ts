import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@latchkey/sandbox';
import type { TestProject } from 'vitest/node';
import { packTarballs } from '../../scripts/packTarballs.mjs';
import { createTimer, freePort, hostEnv, npmInstall, repoRoot, run, startServer, type Server } from './hosts.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `{ name, file }` of each packed tarball. */
    tarballs: { name: string; file: string }[];
    /** A bare host: an empty app that ran `npm install @latchkey/ui` (from the tarball) and nothing else. */
    bareHostDir: string;
    hostsSandboxUrl: string;
    hostsEnvironmentId: string;
    nextUrl: string;
    viteDevUrl: string;
    vitePreviewUrl: string;
    /** What `npm install` reported per host, e.g. "added 63 packages". */
    installReports: Record<string, string>;
  }
}

const examples = join(repoRoot, 'examples');

/**
 * Packs the packages (`pnpm pack`, as they would be published), installs them with npm — into a bare host, and into
 * examples/next and examples/vite-react18 — builds both examples as their hosts would (`next build`; `tsc && vite
 * build`), starts a sandbox and the example servers. Needs `pnpm build` first (the test command runs it).
 */
export default async function setup(project: TestProject) {
  const timer = createTimer();
  const servers: Server[] = [];
  const bareHostDir = mkdtempSync(join(tmpdir(), 'latchkey-bare-host-'));
  const sandbox = await timer.time('sandbox', () => startSandbox({ port: 0, dataDir: 'memory', quiet: true }));
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await sandbox.close();
    rmSync(bareHostDir, { recursive: true, force: true });
  };
  try {
    const tarballs = await timer.time('pnpm pack (4 packages)', () => packTarballs({ log: () => undefined }));
    const file = (name: string) => tarballs.find((tarball) => tarball.name === name)?.file as string;
    const installReports: Record<string, string> = {};
    const added = (output: string) => /added \d+ packages?/.exec(output)?.[0] ?? output.trim().split('\n').at(-1) ?? '';

    // A host that installs the prebuilt UI and nothing else: what `npm install @latchkey/ui` brings.
    writeFileSync(
      join(bareHostDir, 'package.json'),
      JSON.stringify({
        name: 'bare-host',
        version: '1.0.0',
        private: true,
        dependencies: { '@latchkey/ui': `file:${file('@latchkey/ui')}` },
        // The registry has no @latchkey packages: the UI's own dependencies come from the tarballs too.
        overrides: Object.fromEntries(['@latchkey/headless', '@latchkey/themes', '@latchkey/protocol'].map((name) => [name, `file:${file(name)}`])),
      }),
    );
    installReports['bare host'] = added(await timer.time('npm install (bare host: @latchkey/ui)', () => npmInstall(bareHostDir)));

    const env = hostEnv({ LATCHKEY_API_BASE_URL: sandbox.info.apiBaseUrl, LATCHKEY_ENVIRONMENT_ID: sandbox.info.environmentId });

    const vite = join(examples, 'vite-react18');
    installReports['examples/vite-react18'] = added(await timer.time('npm install (examples/vite-react18)', () => npmInstall(vite)));
    await timer.time('tsc + vite build (examples/vite-react18)', () => run('npm', ['run', 'build'], vite, env));
    const vitePreviewPort = await freePort();
    const vitePreview = await timer.time('vite preview start', () =>
      startServer(join(vite, 'node_modules/.bin/vite'), ['preview', '--port', String(vitePreviewPort), '--strictPort'], vite, `http://127.0.0.1:${vitePreviewPort}/`, env),
    );
    servers.push(vitePreview);
    const viteDevPort = await freePort();
    const viteDev = await timer.time('vite dev start', () =>
      startServer(join(vite, 'node_modules/.bin/vite'), ['--port', String(viteDevPort), '--strictPort'], vite, `http://127.0.0.1:${viteDevPort}/`, env),
    );
    servers.push(viteDev);

    const next = join(examples, 'next');
    installReports['examples/next'] = added(await timer.time('npm install (examples/next)', () => npmInstall(next)));
    await timer.time('next build (examples/next)', () => run(join(next, 'node_modules/.bin/next'), ['build'], next, env));
    const nextPort = await freePort();
    const nextServer = await timer.time('next start', () =>
      startServer(join(next, 'node_modules/.bin/next'), ['start', '--port', String(nextPort), '--hostname', '127.0.0.1'], next, `http://127.0.0.1:${nextPort}/`, env),
    );
    servers.push(nextServer);

    timer.print();
    console.log(`\n| host | npm install |\n|---|---|\n${Object.entries(installReports).map(([host, report]) => `| ${host} | ${report} |`).join('\n')}`);

    project.provide('tarballs', tarballs);
    project.provide('bareHostDir', bareHostDir);
    project.provide('hostsSandboxUrl', sandbox.url);
    project.provide('hostsEnvironmentId', sandbox.info.environmentId);
    project.provide('nextUrl', nextServer.url);
    project.provide('viteDevUrl', viteDev.url);
    project.provide('vitePreviewUrl', vitePreview.url);
    project.provide('installReports', installReports);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
