import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { openMenuView } from './demo.js';
import { patchSettings } from './sandbox.js';
import { openDemoWithWallets, testWalletScript } from './testWallets.js';

/**
 * Wallet sign-in in Chromium against the sandbox, through the built demo, unchanged: two wallet-standard test wallets
 * (real ed25519 keypairs, `@latchkey/headless/testing`) are injected with a bundled init script, as an extension
 * would inject them. Sign in with the first, link the second from the user menu, make it primary, unlink it.
 */
let browser: Browser;
let walletScript: string;

beforeAll(async () => {
  browser = await launchChromium();
  walletScript = await testWalletScript(['Test Wallet', 'Second Wallet']);
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

const openDemo = (theme: 'light' | 'dark') => openDemoWithWallets(browser, walletScript, theme, 2);

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

describe.each(['light', 'dark'] as const)('wallet sign-in (%s)', (theme) => {
  test('sign in with the test wallet, link a second, make it primary, unlink it', async () => {
    const { page, problems, addresses } = await openDemo(theme);
    const [first, second] = addresses as [string, string];

    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    // The wallet list is the dialog's own view: its title (focused), Back, and no e-mail field under it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Connect a wallet');
    expect(await dialog.getByRole('button', { name: 'Back', exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Email').count()).toBe(0);
    const list = dialog.getByRole('list', { name: 'Wallets' });
    await expect.poll(() => list.getByRole('listitem').first().getAttribute('data-wallet'), { timeout: 10_000 }).toMatch(/testwallet|secondwallet/);
    await screenshot(page, `wallet-01-list-${theme}`);
    await dialog.getByLabel('Search wallets').fill('test');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Connect Test Wallet' }).click();

    const menuButton = page.getByRole('button', { name: 'Account' });
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Wallets');
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
