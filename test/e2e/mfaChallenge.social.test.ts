import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, menuHome, openMenuView } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';
import { enrolTotp, unusedTotp } from './totp.js';

/**
 * Social sign-in meets MFA in Chromium: a user who signed in with Google sets up an authenticator app; the next
 * Google sign-in stops at the second factor (no session, no user menu) until a TOTP code passes.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ security: { mfa: { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});


async function openDemo(theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { context, page, problems };
}

/** Sign in with Google through the popup on the OIDC provider's origin, as `email`. */
async function signInWithGoogle(context: BrowserContext, page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
  const popupPromise = context.waitForEvent('page');
  await button.click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/signin\?/, { timeout: 10_000 });
  await popup.getByLabel('Email').fill(email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await closed;
}

describe.each(['light', 'dark'] as const)('social sign-in with MFA (%s)', (theme) => {
  test('Google sign-in, enrol TOTP, sign out; Google again stops at the TOTP challenge until a code passes', async () => {
    const { context, page, problems } = await openDemo(theme);
    const email = uniqueEmail(`social-mfa-${theme}`);
    await signInWithGoogle(context, page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Security');
    const { secret, enrolledAt } = await enrolTotp(page);
    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);

    await signInWithGoogle(context, page, email);
    const dialog = page.getByRole('dialog');
    const codeField = dialog.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    // Between the factors there is no session: no user menu, and the host still sees a signed-out page.
    expect(await menuButton.count()).toBe(0);
    expect(await page.getByTestId('host-status').textContent()).toBe('Sign in to see your rewards.');
    await screenshot(page, `social-mfa-01-challenge-${theme}`);

    // The next step's code: the enrolment spent this step's, and a code is good once.
    await codeField.fill(unusedTotp(secret, enrolledAt));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `social-mfa-02-signed-in-${theme}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
