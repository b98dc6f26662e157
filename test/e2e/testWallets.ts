import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchConsole } from './browser.js';
import { patchSettings } from './sandbox.js';

const testWalletEntry = fileURLToPath(new URL('../../packages/headless/src/testing/createTestWallet.ts', import.meta.url));

/**
 * A bundled init script that registers wallet-standard test wallets (real ed25519 keypairs,
 * `@latchkey/headless/testing`) as an extension would inject them, one per name; their seeds come from
 * `window.__latchkeyTestWalletSeeds` and their addresses land in `window.__latchkeyTestWallets`.
 */
export async function testWalletScript(names: readonly string[], options: { hardware?: boolean } = {}): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: `import { createTestWallet, registerTestWallet } from ${JSON.stringify(testWalletEntry)};
        const seeds = window.__latchkeyTestWalletSeeds;
        const hex = (value) => Uint8Array.from(value.match(/../g).map((byte) => parseInt(byte, 16)));
        window.__latchkeyTestWallets = ${JSON.stringify(names)}.map((name, index) => registerTestWallet(createTestWallet({ secretKey: hex(seeds[index]), name, hardware: ${options.hardware === true} })).address);`,
      resolveDir: fileURLToPath(new URL('../../packages/headless/', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

/** Opens the demo in `theme` with the test wallets of `script` injected (fresh keys); returns their addresses. */
export async function openDemoWithWallets(
  browser: Browser,
  script: string,
  theme: 'light' | 'dark',
  count: number,
  viewport = { width: 1024, height: 900 },
): Promise<{ page: Page; problems: string[]; addresses: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport });
  const seeds = Array.from({ length: count }, () => randomBytes(32).toString('hex'));
  await context.addInitScript(`window.__latchkeyTestWalletSeeds = ${JSON.stringify(seeds)};`);
  await context.addInitScript(script);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  const addresses = (await page.evaluate('window.__latchkeyTestWallets')) as string[];
  return { page, problems, addresses };
}
