import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, JOURNEY_SIZES, overflowingText as overflowing } from './demo.js';
import { latestCode, patchSettings, uniqueEmail } from './sandbox.js';

/**
 * One journey in the right-to-left locale (`locale="ar"` on the demo's provider): e-mail sign-in, then the user menu
 * and one of its views, in Chromium against the sandbox, at 1280×800 and 390×844, light and dark. Checks what a
 * mirrored layout means — the kit's layers carry `dir="rtl"`, the close button sits at the left, Back at the right with
 * its arrow pointing right, no text overflows its box — and saves every screen under test-results/screenshots/.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

describe.each([
  ['light', 'desktop'],
  ['dark', 'desktop'],
  ['light', 'phone'],
] as const)('right-to-left journey (%s, %s)', (theme, size) => {
  test('signs in by e-mail and opens the user menu in Arabic, mirrored', async () => {
    await patchSettings({ design: { modal: { theme } } });
    const context = await browser.newContext({ colorScheme: theme, viewport: JOURNEY_SIZES[size] });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const walletCode: string[] = [];
    page.on('requestfinished', (request) => {
      if (/\/EmbeddedWallet-[^/]*\.js$/.test(request.url())) walletCode.push(request.url());
    });
    const url = new URL(inject('demoUrl'));
    url.searchParams.set('locale', 'ar');
    await page.goto(url.toString());
    const name = `rtl-${size}-${theme}`;

    const signIn = page.getByRole('button', { name: 'تسجيل الدخول', exact: true });
    await expect.poll(() => signIn.isVisible(), { timeout: 15_000 }).toBe(true);
    await signIn.click();
    const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.evaluate((element) => element.closest('[data-latchkey-root]')?.getAttribute('dir'))).toBe('rtl');
    const box = (await dialog.boundingBox())!;
    const close = (await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox())!;
    // Mirrored: the close button at the dialog's left edge, not its right.
    expect(close.x - box.x).toBeLessThan(40);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `${name}-01-dialog`);

    const email = uniqueEmail(`e2e-rtl-${size}-${theme}`);
    await dialog.getByLabel('البريد الإلكتروني أو رقم الهاتف').fill(email);
    await dialog.getByRole('button', { name: 'متابعة', exact: true }).click();
    const codeField = dialog.getByLabel('رمز التحقق');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.textContent()).toContain(email);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `${name}-02-code`);
    await codeField.pressSequentially(await latestCode(email));

    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    // Once the page is idle after signing in, the wallet panel's code is fetched with the menu still closed...
    await expect.poll(() => walletCode.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: /^مسجّل الدخول باسم/ });
    await expect.poll(() => menu.isVisible(), { timeout: 10_000 }).toBe(true);
    // ...so the menu opens whole: no 'Loading…' line above its rows that would push them down under a click.
    await expect.poll(() => menu.locator('[data-flow^="embedded-wallet"]').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await menu.evaluate((element) => element.closest('[data-latchkey-root]')?.getAttribute('dir'))).toBe('rtl');
    await expect.poll(() => menu.getByRole('button', { name: 'تسجيل الخروج', exact: true }).isVisible()).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `${name}-03-menu`);

    await menu.getByRole('button', { name: /^الأمان/ }).click();
    const back = menu.getByRole('button', { name: 'رجوع' });
    await expect.poll(() => back.isVisible(), { timeout: 10_000 }).toBe(true);
    const menuBox = (await menu.boundingBox())!;
    const backBox = (await back.boundingBox())!;
    // Back sits on the right, where a right-to-left reader starts, and its arrow points right.
    expect(backBox.x + backBox.width / 2).toBeGreaterThan(menuBox.x + menuBox.width / 2);
    expect(await back.evaluate((element) => getComputedStyle(element.querySelector('svg')!).transform)).not.toBe('none');
    // The view's passkeys and two-step sign-in load with it (their own chunk): the picture is of them, not the spinner.
    await expect.poll(() => menu.locator('[data-menu-view="security"] :is(h2, h3)').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `${name}-04-security`);

    await back.click();
    await menu.getByRole('button', { name: 'تسجيل الخروج', exact: true }).click();
    await expect.poll(() => signIn.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
