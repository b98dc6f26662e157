import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { JOURNEY_PASSES, JOURNEY_SIZES, openMenuView, overflowingText, type JourneySize } from './demo.js';
import { patchSettings } from './sandbox.js';
import { openDemoWithWallets, testWalletScript } from './testWallets.js';

/**
 * Wallet sign-in in Chromium against the sandbox, through the built demo, unchanged: two wallet-standard test wallets
 * (real ed25519 keypairs, `@latchkey/headless/testing`) are injected with a bundled init script, as an extension
 * would inject them. Sign in with the first, link the second from the user menu, make it primary, unlink it — at
 * 1280×800 and 390×844.
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

const openDemo = (theme: 'light' | 'dark', size: JourneySize = 'desktop') => openDemoWithWallets(browser, walletScript, theme, 2, JOURNEY_SIZES[size]);

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

describe.each(JOURNEY_PASSES)('wallet sign-in (%s, %s)', (size, theme) => {
  test('sign in with the test wallet, link a second, make it primary, unlink it', async () => {
    const { page, problems, addresses } = await openDemo(theme, size);
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
    await screenshot(page, `wallet-01-list-${size}-${theme}`);
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
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `wallet-02-signed-in-${size}-${theme}`);

    await region.getByRole('button', { name: 'Link another wallet' }).click();
    await region.getByRole('button', { name: 'Link Second Wallet' }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    await region.getByRole('button', { name: 'Done' }).click();
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `wallet-03-linked-${size}-${theme}`);

    await region.getByRole('button', { name: `Make ${short(second)} primary` }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').first().getAttribute('data-address'), { timeout: 10_000 }).toBe(second);
    await screenshot(page, `wallet-04-primary-${size}-${theme}`);

    await region.getByRole('button', { name: `Unlink ${short(second)}` }).click();
    await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await region.getByRole('listitem').first().getAttribute('data-address')).toBe(first);
    await screenshot(page, `wallet-05-unlinked-${size}-${theme}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('wallet sign-in with the captcha on', () => {
  afterAll(async () => {
    await patchSettings({ security: { hCaptcha: { enabled: false } } });
  });

  test('captcha: the widget runs before POST /verify, whose token is fresh; the sandbox refuses it replayed', async () => {
    await patchSettings({ security: { hCaptcha: { enabled: true, siteKey: 'e2e-wallet-site' } } });
    try {
      const { page, problems, addresses } = await openDemo('light');
      const verifies: Array<{ url: string; body: Record<string, unknown> }> = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/verify')) verifies.push({ url: request.url(), body: request.postDataJSON() as Record<string, unknown> });
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' && request.url().includes('/1/api.js')) scripts.push(request.url());
      });
      await page.getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
      await dialog.getByRole('button', { name: 'Connect Test Wallet' }).click();
      const menuButton = page.getByRole('button', { name: 'Account' });
      await expect.poll(() => menuButton.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(scripts).toHaveLength(1);
      expect(verifies).toHaveLength(1);
      const sent = verifies[0]!;
      expect(sent.body['publicWalletAddress']).toBe(addresses[0]);
      expect(sent.body['captchaToken']).toMatch(/^P1_/);
      await screenshot(page, 'wallet-06-captcha-signed-in-light');
      // The token is spent: the same request replayed is refused before its (also spent) nonce is looked at.
      const replay = await fetch(sent.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent.body) });
      expect(replay.status).toBe(400);
      expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('invalid_captcha');
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      await patchSettings({ security: { hCaptcha: { enabled: false } } });
    }
  });
});
