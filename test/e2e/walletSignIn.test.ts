import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { patchSettings } from './sandbox.js';

/**
 * Wallet sign-in in Chromium against the sandbox, through the built demo, unchanged: two wallet-standard test wallets
 * (real ed25519 keypairs, `@latchkey/headless/testing`) are injected with a bundled init script, as an extension
 * would inject them. Sign in with the first, link the second from the user menu, make it primary, unlink it.
 */
let browser: Browser;
let walletScript: string;

const testWalletEntry = fileURLToPath(new URL('../../packages/headless/src/testing/createTestWallet.ts', import.meta.url));

beforeAll(async () => {
  browser = await launchChromium();
  const bundled = await build({
    stdin: {
      contents: `import { createTestWallet, registerTestWallet } from ${JSON.stringify(testWalletEntry)};
        const seeds = window.__latchkeyTestWalletSeeds;
        const hex = (value) => Uint8Array.from(value.match(/../g).map((byte) => parseInt(byte, 16)));
        window.__latchkeyTestWallets = [
          registerTestWallet(createTestWallet({ secretKey: hex(seeds[0]), name: 'Test Wallet' })),
          registerTestWallet(createTestWallet({ secretKey: hex(seeds[1]), name: 'Second Wallet' })),
        ].map((wallet) => wallet.address);`,
      resolveDir: fileURLToPath(new URL('../../packages/headless/', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  walletScript = bundled.outputFiles[0]!.text;
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

async function openDemo(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[]; addresses: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 900 } });
  const seeds = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
  await context.addInitScript(`window.__latchkeyTestWalletSeeds = ${JSON.stringify(seeds)};`);
  await context.addInitScript(walletScript);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  const addresses = (await page.evaluate('window.__latchkeyTestWallets')) as string[];
  return { page, problems, addresses };
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

describe.each(['light', 'dark'] as const)('wallet sign-in (%s)', (theme) => {
  test('sign in with the test wallet, link a second, make it primary, unlink it', async () => {
    const { page, problems, addresses } = await openDemo(theme);
    const [first, second] = addresses as [string, string];

    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    const list = dialog.getByRole('list', { name: 'Wallets' });
    await expect.poll(() => list.getByRole('listitem').first().getAttribute('data-wallet'), { timeout: 10_000 }).toMatch(/testwallet|secondwallet/);
    await screenshot(page, `wallet-01-list-${theme}`);
    await dialog.getByLabel('Search wallets').fill('test');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Connect Test Wallet' }).click();

    const menuButton = page.getByRole('button', { name: 'Account' });
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuButton.click();
    const region = page.getByRole('region', { name: 'Wallets' });
    await expect.poll(() => region.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await region.getByRole('listitem').getAttribute('data-address')).toBe(first);
    await screenshot(page, `wallet-02-signed-in-${theme}`);

    await region.getByRole('button', { name: 'Link another wallet' }).click();
    await region.getByRole('button', { name: 'Link Second Wallet' }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await region.getByRole('button', { name: 'Done' }).click();
    await screenshot(page, `wallet-03-linked-${theme}`);

    await region.getByRole('button', { name: `Make ${short(second)} primary` }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').first().getAttribute('data-address'), { timeout: 10_000 }).toBe(second);
    await screenshot(page, `wallet-04-primary-${theme}`);

    await region.getByRole('button', { name: `Unlink ${short(second)}` }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await region.getByRole('listitem').first().getAttribute('data-address')).toBe(first);
    await screenshot(page, `wallet-05-unlinked-${theme}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
