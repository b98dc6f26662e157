import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, menuHome, openMenuView, signInByEmail, userMenu } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * The user menu as views, in the built demo in Chromium, on a desktop (1280×800, a popover) and a phone (390×844, a
 * bottom sheet): the header (name, network), Home with the wallet (Send, Receive), Receive's QR code, Security with
 * the wallet's key actions, Account settings, Wallets, Back, Sign out — once by keyboard alone.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: true } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function openDemo(theme: 'light' | 'dark', size: keyof typeof SIZES): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: SIZES[size] });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, problems };
}

/**
 * The menu's box lies inside the viewport: nothing clipped at the edges. Polled: after a view change the popover
 * is placed again for its new size on the next frames.
 */
async function expectInsideViewport(page: Page, size: keyof typeof SIZES): Promise<void> {
  const overflow = async () => {
    const box = await page.locator('[data-latchkey-menu="user"]').boundingBox();
    if (!box) return 'no box';
    const { width, height } = SIZES[size];
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5 ? 'inside' : JSON.stringify(box);
  };
  await expect.poll(overflow, { timeout: 3000 }).toBe('inside');
}

describe.each([
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const)('user menu (%s, %s)', (size, theme) => {
  test('header, Home with Send and Receive, Receive, Security, Account settings, Wallets, Back, Sign out', async () => {
    const { page, problems } = await openDemo(theme, size);
    const email = uniqueEmail(`e2e-menu-${size}-${theme}`);
    await signInByEmail(page, email);
    await page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) }).click();
    const menu = userMenu(page);
    await expect.poll(() => menu.getAttribute('data-layout')).toBe(size === 'phone' ? 'sheet' : 'popover');
    const panel = menu.getByRole('region', { name: 'Latchkey Demo Wallet' });
    await expect.poll(() => panel.getByRole('button', { name: 'Receive', exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    const address = ((await panel.getByTestId('wallet-address').textContent()) ?? '').replace('Address: ', '').trim();
    expect(await menu.getByTestId('menu-name').textContent()).toBe(email);
    await expect.poll(() => menu.getByTestId('menu-network').textContent(), { timeout: 15_000 }).toMatch(/^Network: \S/);
    // Home offers the wallet's everyday actions only; its key actions wait in Security.
    expect(await panel.getByRole('button', { name: 'Export key' }).count()).toBe(0);
    await expectInsideViewport(page, size);
    await screenshot(page, `menu-01-home-${size}-${theme}`);

    await panel.getByRole('button', { name: 'Receive', exact: true }).click();
    const receive = panel.getByRole('region', { name: 'Receive' });
    await expect.poll(() => receive.getByRole('img', { name: 'QR code of your address' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await receive.getByTestId('receive-address').textContent())?.trim()).toBe(address);
    await expectInsideViewport(page, size);
    await screenshot(page, `menu-02-receive-${size}-${theme}`);
    await panel.getByRole('button', { name: 'Back to wallet' }).click();

    await openMenuView(page, 'Security');
    expect(await menu.getByRole('region', { name: 'Wallet key' }).getByRole('button', { name: 'Export key' }).isVisible()).toBe(true);
    await expectInsideViewport(page, size);
    await screenshot(page, `menu-03-security-${size}-${theme}`);
    await menuHome(page);

    await openMenuView(page, 'Account settings');
    await screenshot(page, `menu-04-account-${size}-${theme}`);
    await menuHome(page);

    await openMenuView(page, 'Wallets');
    await expect.poll(() => menu.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, `menu-05-wallets-${size}-${theme}`);
    await menuHome(page);
    // Back on Home, focus is on the row of the view just left.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-opens'))).toBe('wallets');

    await menu.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('user menu by keyboard alone', () => {
  test('Tab and Enter open the menu, a view, Back, and Sign out; Escape closes it back to its trigger', async () => {
    const { page, problems } = await openDemo('light', 'desktop');
    const email = uniqueEmail('e2e-menu-keyboard');
    await signInByEmail(page, email);
    const trigger = page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) });
    await expect.poll(() => trigger.isVisible(), { timeout: 10_000 }).toBe(true);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = userMenu(page);
    await expect.poll(() => menu.isVisible()).toBe(true);
    const active = () => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', opens: document.activeElement?.getAttribute('data-opens') ?? '' }));
    // Tab to the Security row (bounded: the menu has far fewer than 40 stops).
    for (let step = 0; step < 40 && (await active()).opens !== 'security'; step += 1) await page.keyboard.press('Tab');
    expect((await active()).opens).toBe('security');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Security');
    await screenshot(page, 'menu-06-keyboard-security-light');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Back');
    await page.keyboard.press('Enter');
    await expect.poll(() => active().then((now) => now.opens)).toBe('security');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Account: ${email}`);
    await page.keyboard.press('Enter');
    for (let step = 0; step < 40 && (await active()).text !== 'Sign out'; step += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
