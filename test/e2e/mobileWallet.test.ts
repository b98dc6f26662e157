import { createRequire } from 'node:module';
import { devices, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { patchSettings, resetSettings } from './sandbox.js';
import { openDemoWithWallets, testWalletScript } from './testWallets.js';

/**
 * Mobile and hardware wallets as sign-in methods, in Chromium through the built demo's sign-in dialog:
 * - a phone (Pixel 7: phone viewport, touch, mobile user agent) signs in with Phantom over the redirect — the sandbox
 *   catalogue points Phantom's links at the mobile-wallet simulator: connect, approve, back, the SIWS message on a
 *   second redirect, approve, back signed in; the old return loaded again changes nothing;
 * - a desktop shows the QR code of the link that opens this page in Phantom (its SVG is checked against the link);
 * - a hardware wallet (the test wallet in hardware mode, as 'Phantom (Ledger)') signs in through the memo
 *   transaction, and the host's "Sign a message" gets the SPEC §8 hardware-wallet error.
 */
// The kit's own QR library (a dependency of @latchkey/ui, not of the workspace root) draws the expected code.
const { renderSVG } = createRequire(new URL('../../packages/ui/package.json', import.meta.url))('uqr') as {
  renderSVG(text: string, options?: { border?: number; ecc?: 'L' | 'M' | 'Q' | 'H' }): string;
};

let browser: Browser;
let phantom: { address: string; universal: string };
let hardwareScript: string;

beforeAll(async () => {
  browser = await launchChromium();
  phantom = (await (await fetch(`${inject('e2eSandboxUrl')}/sandbox/mobile-wallet/phantom`)).json()) as typeof phantom;
  hardwareScript = await testWalletScript(['Phantom (Ledger)'], { hardware: true });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

async function openOnPhone(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ ...devices['Pixel 7'], colorScheme: theme });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, problems };
}

/** On the simulator's page (Phantom's, in the sandbox): waits for it, then approves. */
async function approveInWallet(page: Page, shot: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(phantom.universal), { timeout: 15_000 });
  await expect.poll(() => page.getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Approve' }).click();
}

const hostStatus = (page: Page) => page.getByTestId('host-status').textContent();

describe.each(['light', 'dark'] as const)('mobile and hardware wallets (%s)', (theme) => {
  test('phone: sign in with Phantom over the redirect (connect, then the sign-in message); a replayed return changes nothing', async () => {
    const { page, problems } = await openOnPhone(theme);
    const returns: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('latchkey_mobile_request=')) returns.push(frame.url());
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    const open = dialog.getByRole('button', { name: 'Open Phantom to sign in' });
    await expect.poll(() => open.isVisible(), { timeout: 10_000 }).toBe(true);
    await open.scrollIntoViewIfNeeded();
    await screenshot(page, `mobile-wallet-01-phone-list-${theme}`);
    await open.click();

    // Out to the wallet (connect), approve; back, the dialog reopens and the kit asks the wallet to sign.
    await approveInWallet(page, `mobile-wallet-02-phone-wallet-connect-${theme}`);
    await page.waitForURL((url) => url.href.startsWith(phantom.universal) && url.pathname.endsWith('/signMessage'), { timeout: 15_000 });
    expect(returns).toHaveLength(1);
    const message = (await page.getByTestId('message').textContent())!;
    expect(message).toContain(`${new URL(inject('demoUrl')).host} wants you to sign in with your Solana account:\n${phantom.address}`);
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{8,}\n/);
    await approveInWallet(page, `mobile-wallet-03-phone-wallet-sign-${theme}`);

    // Back: POST /verify, signed in as the wallet; the address bar is clean.
    await expect.poll(() => hostStatus(page), { timeout: 15_000 }).toContain(phantom.address);
    expect(returns).toHaveLength(2);
    expect(page.url()).not.toContain('latchkey_mobile_request');
    await screenshot(page, `mobile-wallet-04-phone-signed-in-${theme}`);

    // The sign-in's return loaded again (a reload of an old URL): nothing awaits it, nothing changes — still signed in
    // as before, no request or attempt stored.
    const stored = () => page.evaluate(() => Object.keys(localStorage).filter((key) => /mobileWallet:(pending|signIn)/.test(key)));
    expect(await stored()).toEqual([]);
    await page.goto(returns[1]!);
    await expect.poll(() => hostStatus(page), { timeout: 15_000 }).toContain(phantom.address);
    expect(await stored()).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('phone: the wallet refuses the connection — the dialog says so, nothing is signed in', async () => {
    const { page, problems } = await openOnPhone(theme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    await dialog.getByRole('button', { name: 'Open Phantom to sign in' }).click();
    await page.waitForURL((url) => url.href.startsWith(phantom.universal), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Reject' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('User rejected request');
    // The reopened dialog shows the refusal, not its top.
    await expect.poll(() => alert.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight && element.getBoundingClientRect().top >= 0)).toBe(true);
    await screenshot(page, `mobile-wallet-05-phone-refused-${theme}`);
    expect(await hostStatus(page)).toBe('Sign in to see your rewards.');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('desktop: a mobile wallet shows the QR code of the link that opens this page in it', async () => {
    await patchSettings({ design: { modal: { theme } } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(inject('demoUrl'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Show the QR code for Phantom' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Open Phantom to sign in' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Show the QR code for Phantom' }).click();
    const link = `${phantom.universal}browse/${encodeURIComponent(page.url())}?ref=${encodeURIComponent(new URL(page.url()).origin)}`;
    const panel = dialog.getByTestId('mobile-wallet-qr');
    expect(await panel.getAttribute('data-url')).toBe(link);
    const qr = panel.getByRole('img', { name: 'QR code that opens this page in Phantom' });
    await expect.poll(() => qr.getAttribute('src'), { timeout: 10_000 }).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 1, ecc: 'M' }))}`);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, `mobile-wallet-06-desktop-qr-${theme}`);
    // The link itself leads to the wallet's in-app browser page, which offers this page.
    const browsePage = await (await fetch(link)).text();
    expect(browsePage).toContain(`href="${page.url()}"`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('hardware: Phantom (Ledger) signs in by memo transaction; a message signature gets the hardware-wallet error', async () => {
    const { page, problems, addresses } = await openDemoWithWallets(browser, hardwareScript, theme, 1);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
    const row = dialog.getByRole('list', { name: 'Wallets' }).locator('[data-wallet="phantomledger"]');
    await expect.poll(() => row.getByText('Ledger', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `mobile-wallet-07-hardware-list-${theme}`);
    await dialog.getByRole('button', { name: 'Connect Phantom (Ledger)' }).click();
    await expect.poll(() => hostStatus(page), { timeout: 15_000 }).toContain(addresses[0]!);

    await page.getByRole('button', { name: 'Sign a message' }).click();
    const outcome = page.getByTestId('sign-message-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 10_000 }).toBe('Hardware wallets cannot sign messages directly.');
    expect(await outcome.getAttribute('data-outcome')).toBe('error');
    await screenshot(page, `mobile-wallet-08-hardware-error-${theme}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
