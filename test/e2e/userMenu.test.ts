import { createRequire } from 'node:module';
import { devices, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, menuHome, openMenuView, overflowingText, signInByEmail, userMenu } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * The user menu as views, in the built demo in Chromium, on a desktop (1280×800, a popover) and a phone (390×844, a
 * bottom sheet): the header (name, network), Home with the wallet (Send, Receive), Receive's QR code, Security with
 * the wallet's key actions, Account settings, Wallets, Back, Sign out — once by keyboard alone. Then linking a mobile
 * wallet from the Wallets view: on a phone (Pixel 7) Phantom over its two redirects (the menu opens by itself when the
 * page comes back and finishes the link), on a desktop its QR code.
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

    await menu.getByRole('button', { name: 'Sign out', exact: true }).click();
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

// The kit's own QR library (a dependency of @latchkey/ui, not of the workspace root) draws the expected code.
const { renderSVG } = createRequire(new URL('../../packages/ui/package.json', import.meta.url))('uqr') as {
  renderSVG(text: string, options?: { border?: number; ecc?: 'L' | 'M' | 'Q' | 'H' }): string;
};

/** The session token the demo stored (its value carries `"jwt":"…"`). */
const storedJwt = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const match = /"jwt":"([^"]+)"/.exec(localStorage.getItem(localStorage.key(i)!) ?? '');
      if (match) return match[1]!;
    }
    return '';
  });

/** `GET /users` as the signed-in user: the server's own list of the user's wallets. */
async function serverWallets(jwt: string): Promise<Array<{ address?: string; wallet_name?: string; wallet_provider?: string }>> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/api/v0/sdk/${inject('e2eEnvironmentId')}/users`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as { user: { verifiedCredentials: Array<{ format: string; address?: string; wallet_name?: string; wallet_provider?: string }> } };
  return user.verifiedCredentials.filter((credential) => credential.format === 'blockchain');
}

/** Signs up by e-mail and opens the menu's Wallets view, then its list of wallets to link. */
async function openLinkList(page: Page, email: string) {
  await signInByEmail(page, email);
  const trigger = page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) });
  await expect.poll(() => trigger.isVisible(), { timeout: 15_000 }).toBe(true);
  await trigger.click();
  await openMenuView(page, 'Wallets');
  const region = userMenu(page).getByRole('region', { name: 'Wallets' });
  // The embedded wallet made at sign-up is listed; "Link another wallet" opens the list of wallets to link.
  await expect.poll(() => region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
  await region.getByRole('button', { name: 'Link another wallet' }).click();
  return region;
}

describe.each(['light', 'dark'] as const)('linking a mobile wallet from the user menu (%s)', (theme) => {
  test('phone: Phantom over the two redirects — back on the page the menu opens on Wallets and links it; a replayed return changes nothing', async () => {
    await patchSettings({ design: { modal: { theme } } });
    const phantomUrl = `${inject('e2eSandboxUrl')}/sandbox/mobile-wallet/phantom`;
    const { universal } = (await (await fetch(phantomUrl)).json()) as { universal: string };
    // An account of the wallet no other test signed in with (else the link would ask to move it from that user).
    const { address: account } = (await (await fetch(`${phantomUrl}/accounts`, { method: 'POST' })).json()) as { address: string };
    const context = await browser.newContext({ ...devices['Pixel 7'], colorScheme: theme });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const returns: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('latchkey_mobile_request=')) returns.push(frame.url());
    });
    await page.goto(inject('demoUrl'));
    const email = uniqueEmail(`e2e-mobile-link-${theme}`);
    const region = await openLinkList(page, email);
    const link = region.getByRole('button', { name: 'Link Phantom' });
    await expect.poll(() => link.isVisible(), { timeout: 10_000 }).toBe(true);
    await link.scrollIntoViewIfNeeded();
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `menu-07-link-mobile-list-${theme}`);
    // From here on every page is a signed-in user's: the sign-in dialog has no part in it, not even its code.
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (/ConnectedSignInDialog/.test(request.url())) dialogCode.push(request.url());
    });
    await link.click();

    // In the wallet: the new account, approved.
    await page.waitForURL((url) => url.href.startsWith(universal), { timeout: 15_000 });
    await page.getByRole('radio', { name: account }).check();
    await screenshot(page, `menu-08-link-wallet-connect-${theme}`);
    // Back: hold the nonce a moment, so the menu's step ("Connected…") can be seen before the page leaves to sign.
    let releaseNonce: () => void = () => undefined;
    const nonceHeld = new Promise<void>((resolve) => (releaseNonce = resolve));
    await page.route('**/nonce', async (route) => {
      await nonceHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Approve' }).click();
    const menu = userMenu(page);
    await expect.poll(() => menu.getByRole('heading', { name: 'Wallets', level: 2 }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 10_000 }).toBe('Connected. Opening Phantom to sign the message that links it…');
    // The popover stands in until the sheet's code has arrived (the page has just loaded): then the sheet.
    await expect.poll(() => menu.getAttribute('data-layout'), { timeout: 10_000 }).toBe('sheet');
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `menu-09-link-returned-${theme}`);
    releaseNonce();

    // The second redirect: the SIWS message names this page and the account; approved.
    await page.waitForURL((url) => url.href.startsWith(universal) && url.pathname.endsWith('/signMessage'), { timeout: 15_000 });
    expect(await page.getByTestId('message').textContent()).toContain(`${new URL(inject('demoUrl')).host} wants you to sign in with your Solana account:\n${account}`);
    expect(await page.getByTestId('wallet-address').textContent()).toBe(account);
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back again: POST /verify/link; the menu, open on Wallets, lists Phantom and says so.
    await expect.poll(() => menu.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Phantom is linked to your account.');
    const linked = menu.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem');
    await expect.poll(() => linked.count(), { timeout: 10_000 }).toBe(2);
    expect(await menu.locator(`[data-address="${account}"]`).count()).toBe(1);
    expect(page.url()).not.toContain('latchkey_mobile_request');
    expect(returns).toHaveLength(2);
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `menu-10-link-linked-${theme}`);
    const jwt = await storedJwt(page);
    const wallets = await serverWallets(jwt);
    expect(wallets.filter((wallet) => wallet.address === account)).toEqual([expect.objectContaining({ wallet_name: 'phantom', wallet_provider: 'deepLink' })]);
    expect(wallets).toHaveLength(2);
    await menu.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Link another wallet' }).isVisible()).toBe(true);

    // Both returns loaded again (an old URL reopened): nothing awaits them — the menu stays closed, nothing is stored
    // or linked twice, still signed in as the same user.
    const stored = () => page.evaluate(() => Object.keys(localStorage).filter((key) => /mobileWallet:(pending|signIn)/.test(key)));
    for (const replay of returns.splice(0)) {
      await page.goto(replay);
      await expect.poll(() => page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await menu.count()).toBe(0);
      expect(await stored()).toEqual([]);
    }
    expect(await serverWallets(jwt)).toEqual(wallets);
    expect(dialogCode).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("desktop: the Wallets view shows Phantom's QR code, which carries the link that opens this page in Phantom", async () => {
    const { page, problems } = await openDemo(theme, 'desktop');
    const region = await openLinkList(page, uniqueEmail(`e2e-mobile-link-qr-${theme}`));
    const show = region.getByRole('button', { name: 'Show the QR code for Phantom' });
    await expect.poll(() => show.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await region.getByRole('button', { name: 'Link Phantom' }).count()).toBe(0);
    await show.click();
    const link = `${inject('e2eSandboxUrl')}/sandbox/mobile-wallet/phantom/ul/browse/${encodeURIComponent(page.url())}?ref=${encodeURIComponent(new URL(page.url()).origin)}`;
    const panel = region.getByTestId('mobile-wallet-qr');
    expect(await panel.getAttribute('data-url')).toBe(link);
    const qr = panel.getByRole('img', { name: 'QR code that opens this page in Phantom' });
    await expect.poll(() => qr.getAttribute('src'), { timeout: 10_000 }).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 1, ecc: 'M' }))}`);
    expect(await panel.textContent()).toContain('Sign in there, then link the wallet from your account.');
    await panel.scrollIntoViewIfNeeded();
    await expectInsideViewport(page, 'desktop');
    await screenshot(page, `menu-11-link-qr-desktop-${theme}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
