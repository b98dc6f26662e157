import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { openMenuView } from './demo.js';
import { latestCode, patchSettings, uniqueEmail, uniquePhone, wrongCode } from './sandbox.js';

/**
 * The SMS code flow in Chromium against the sandbox, through the built demo: the seed's
 * `emailAndPhone` block takes a phone number, the code comes from the sandbox inbox (channel sms);
 * a wrong code; a phone-signed-in user adds an e-mail from the user menu, first one that another
 * user owns (refused as a sentence), then their own. Screens saved in light and dark.
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
  // en-GB: the country picker defaults to the United Kingdom from the browser's language.
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 760 }, locale: 'en-GB' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, problems };
}

async function startSmsSignIn(page: Page, theme: string, national: string, shoot = false): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or phone number').fill(`0${national}`);
  await expect.poll(() => dialog.getByLabel('Country').inputValue()).toBe('GB');
  if (shoot) await screenshot(page, `sms-01-phone-typed-${theme}`);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(() => dialog.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
}

async function typeCode(page: Page, code: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel('Verification code');
  await input.fill('');
  await input.pressSequentially(code);
}

describe.each(['light', 'dark'] as const)('SMS code sign-in (%s)', (theme) => {
  test('signs in with the SMS code from the inbox; the host sees the number', async () => {
    const { page, problems } = await openDemo(theme);
    const phone = uniquePhone();
    await startSmsSignIn(page, theme, phone.national, true);
    await expect.poll(() => page.getByRole('dialog').locator('[data-flow="sms"]').getAttribute('data-state')).toBe('awaitingCode');
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(`+44 ${phone.spaced}`);
    await screenshot(page, `sms-02-code-step-${theme}`);

    await typeCode(page, await latestCode(phone.e164));
    const menuButton = page.getByRole('button', { name: `Account: ${phone.e164}` });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(phone.e164);
    await screenshot(page, `sms-03-signed-in-${theme}`);

    await page.reload();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test("a wrong code shows 'The code is invalid or expired.'; a bad number 'Invalid phone number.'", async () => {
    const { page } = await openDemo(theme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email or phone number').fill('0740');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('Invalid phone number.');
    await screenshot(page, `sms-04-invalid-phone-${theme}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);

    const phone = uniquePhone();
    await startSmsSignIn(page, theme, phone.national);
    await typeCode(page, wrongCode(await latestCode(phone.e164)));
    await expect.poll(() => page.getByRole('dialog').getByRole('alert').textContent(), { timeout: 10_000 }).toContain('The code is invalid or expired.');
    await screenshot(page, `sms-05-wrong-code-${theme}`);
    await page.context().close();
  });
});

describe.each(['light', 'dark'] as const)('adding an e-mail to a phone-signed-in user (%s)', (theme) => {
  test('an address another user has is refused as a sentence; the own address is added', async () => {
    // another user owns `taken`
    const taken = uniqueEmail(`e2e-taken-${theme}`);
    {
      const { page } = await openDemo(theme);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('dialog').getByLabel('Email or phone number').fill(taken);
      await page.getByRole('dialog').getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => page.getByRole('dialog').getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
      await typeCode(page, await latestCode(taken));
      await expect.poll(() => page.getByRole('button', { name: `Account: ${taken}` }).isVisible(), { timeout: 10_000 }).toBe(true);
      await page.context().close();
    }

    const { page, problems } = await openDemo(theme);
    const phone = uniquePhone();
    await startSmsSignIn(page, theme, phone.national);
    await typeCode(page, await latestCode(phone.e164));
    const menuButton = page.getByRole('button', { name: `Account: ${phone.e164}` });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Account settings');
    const menu = page.getByRole('dialog', { name: 'Signed in as' });
    await expect.poll(() => menu.getByRole('button', { name: 'Add email' }).isVisible()).toBe(true);
    await screenshot(page, `sms-06-menu-add-email-${theme}`);
    await menu.getByRole('button', { name: 'Add email' }).click();

    await menu.getByLabel('Email').fill(taken);
    await menu.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => menu.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
    await menu.getByLabel('Verification code').pressSequentially(await latestCode(taken));
    await expect.poll(() => menu.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Another account already uses this email address.');
    await screenshot(page, `sms-07-email-taken-${theme}`);

    const mine = uniqueEmail(`e2e-mine-${theme}`);
    await menu.getByRole('button', { name: 'Use a different email' }).click();
    await menu.getByLabel('Email').fill(mine);
    await menu.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => menu.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
    await menu.getByLabel('Verification code').pressSequentially(await latestCode(mine));
    await expect.poll(() => menu.getByRole('status').first().textContent(), { timeout: 10_000 }).toContain(`${mine} was added to your account.`);
    await screenshot(page, `sms-08-email-added-${theme}`);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(mine);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
