import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, signInByEmail, menuHome, openMenuView } from './demo.js';
import { patchSettings, uniqueEmail } from './sandbox.js';
import { totp, unusedTotp } from './totp.js';

/**
 * MFA enrolment in Chromium against the sandbox, through the built demo: sign in by e-mail, set up an
 * authenticator app from the user menu (the test computes codes from the secret the page shows, as an
 * app would), sign out, sign in by e-mail again and finish with a TOTP code; the recovery codes shown once
 * after enrolment, acknowledged, and one of them used. A passkey as the second step:
 * mfaChallenge.passkey.test.ts; the MFA-required enrolment inside the sign-in: mfaChallenge.test.ts.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ security: { mfa: { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } }, security: { mfa: { enabled: false } } });
});

async function openDemo(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, problems };
}



describe.each(['light', 'dark'] as const)('MFA with TOTP (%s)', (theme) => {
  test('enrol an authenticator app, sign out, sign in with e-mail then TOTP; a wrong code says Invalid code', async () => {
    const { page, problems } = await openDemo(theme);
    const email = uniqueEmail(`e2e-mfa-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Security');
    const enrolment = page.getByRole('region', { name: 'Two-step sign-in' });
    await enrolment.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secretText = enrolment.getByTestId('totp-secret');
    await expect.poll(() => secretText.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => enrolment.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `mfa-01-enrolment-${theme}`);
    const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolledAt = Date.now();
    await enrolment.getByLabel('Authentication code').fill(totp(secret, enrolledAt));
    await enrolment.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => enrolment.textContent(), { timeout: 10_000 }).toContain('Authenticator app added.');
    await screenshot(page, `mfa-02-enrolled-${theme}`);

    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);

    await signInByEmail(page, email);
    const dialog = page.getByRole('dialog');
    const codeField = dialog.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('button', { name: new RegExp(escapeRegExp(email)) }).count()).toBe(0);
    await screenshot(page, `mfa-03-challenge-${theme}`);

    const right = unusedTotp(secret, enrolledAt);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Invalid code');
    await screenshot(page, `mfa-04-wrong-code-${theme}`);

    // The next step's code (the enrolment used this step's; a code is good once).
    await codeField.fill(right);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `mfa-05-signed-in-${theme}`);

    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('recovery codes: shown once after enrolment, acknowledged; one signs in, and fails the second time', async () => {
    const { page, problems } = await openDemo(theme);
    const email = uniqueEmail(`e2e-recovery-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Security');
    const enrolment = page.getByRole('region', { name: 'Two-step sign-in' });
    await enrolment.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secretText = enrolment.getByTestId('totp-secret');
    await expect.poll(() => secretText.isVisible(), { timeout: 10_000 }).toBe(true);
    const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
    await enrolment.getByLabel('Authentication code').fill(totp(secret, Date.now()));
    await enrolment.getByRole('button', { name: 'Verify' }).click();
    await enrolment.getByRole('button', { name: 'Show recovery codes' }).click();

    const codesRegion = page.getByRole('region', { name: 'Recovery codes' });
    await expect.poll(() => codesRegion.getByRole('listitem').count(), { timeout: 10_000 }).toBe(10);
    await screenshot(page, `mfa-06-recovery-codes-${theme}`);
    const code = ((await codesRegion.getByRole('listitem').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    await codesRegion.getByLabel('I have saved these codes').check();
    await codesRegion.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => codesRegion.count()).toBe(0);

    const signInWithRecovery = async () => {
      await menuHome(page);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
      await signInByEmail(page, email);
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByLabel('Authentication code').isVisible(), { timeout: 10_000 }).toBe(true);
      await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
      await dialog.getByLabel('Recovery code').fill(code);
      await dialog.getByRole('button', { name: 'Verify' }).click();
      return dialog;
    };

    await signInWithRecovery();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();

    const dialog = await signInWithRecovery();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Invalid code');
    await screenshot(page, `mfa-07-recovery-code-used-${theme}`);
    expect(await menuButton.count()).toBe(0);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
