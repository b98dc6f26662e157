import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { latestCode, patchSettings, uniqueEmail, wrongCode } from './sandbox.js';

/**
 * The e-mail code flow in Chromium against the sandbox, through the built demo (a real host page under a
 * strict CSP): sign in, see the user menu, survive a reload, sign out; sign out of all devices from another browser;
 * wrong code; attempt limit.
 * Every screen is saved under test-results/screenshots/ in light and dark.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

async function openDemo(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 720 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  return { page, problems };
}

async function startEmailSignIn(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or phone number').fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(() => dialog.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
}

async function typeCode(page: Page, code: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel('Verification code');
  await input.fill('');
  await input.pressSequentially(code);
}

describe.each(['light', 'dark'] as const)('e-mail code sign-in (%s)', (theme) => {
  test('signs in with the code from the inbox, survives a reload, signs out', async () => {
    const { page, problems } = await openDemo(theme);
    const email = uniqueEmail(`e2e-${theme}`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, `01-signed-out-${theme}`);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await screenshot(page, `02-dialog-email-step-${theme}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await startEmailSignIn(page, email);
    await screenshot(page, `03-code-step-${theme}`);
    await typeCode(page, await latestCode(email));

    const menuButton = page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `04-signed-in-${theme}`);

    await page.reload();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(true);
    // the seed's branding menu link, next to sign-out
    expect(await page.getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('https://latchkey.example/help');
    await screenshot(page, `05-user-menu-${theme}`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);

    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('"Sign out of all devices" in one browser ends the session in another', async () => {
    const email = uniqueEmail(`e2e-everywhere-${theme}`);
    const signedIn = async () => {
      const opened = await openDemo(theme);
      await expect.poll(() => opened.page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
      await startEmailSignIn(opened.page, email);
      await typeCode(opened.page, await latestCode(email));
      const menuButton = opened.page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
      await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
      return { ...opened, menuButton };
    };
    const laptop = await signedIn();
    const phone = await signedIn();

    await laptop.menuButton.click();
    const everywhere = laptop.page.getByRole('button', { name: 'Sign out of all devices' });
    await expect.poll(() => everywhere.isVisible()).toBe(true);
    await screenshot(laptop.page, `05b-user-menu-sign-out-everywhere-${theme}`);
    await everywhere.click();
    await expect.poll(() => laptop.page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(laptop.problems).toEqual([]);

    // The other browser's session is over on the server: its next load finds it revoked and shows Sign in.
    await phone.page.reload();
    await expect.poll(() => phone.page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await phone.menuButton.count()).toBe(0);
    await laptop.page.context().close();
    await phone.page.context().close();
  });

  test("a wrong code shows 'The code is invalid or expired.', the limit shows its message", async () => {
    const { page } = await openDemo(theme);
    const email = uniqueEmail(`e2e-wrong-${theme}`);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await startEmailSignIn(page, email);
    const bad = wrongCode(await latestCode(email));

    await typeCode(page, bad);
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('The code is invalid or expired.');
    await screenshot(page, `06-wrong-code-${theme}`);

    // keep guessing until the sandbox's attempt limit ends the verification (bounded)
    for (let attempt = 0; attempt < 10; attempt++) {
      if ((await alert.textContent())?.includes('Too many email verification attempts.')) break;
      await typeCode(page, bad);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('Too many email verification attempts.');
    await screenshot(page, `07-too-many-attempts-${theme}`);
    await page.context().close();
  });
});
