import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp } from './demo.js';
import { latestCode, patchSettings, uniqueEmail } from './sandbox.js';
import { totp, unusedTotp } from './totp.js';

/**
 * The MFA challenge with `security.mfa.required`, in Chromium through the built demo: a new user signs in
 * by e-mail, is sent to set up an authenticator app inside the sign-in dialog (no session yet), and is
 * signed in only when the app's next code passes. The challenge after a social sign-in:
 * mfaChallenge.social.test.ts; with a passkey: mfaChallenge.passkey.test.ts; with a TOTP code and
 * recovery codes: mfaEnrolment.test.ts.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ security: { mfa: { enabled: true, required: true } } });
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } }, security: { mfa: { enabled: false, required: false } } });
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


describe.each(['light', 'dark'] as const)('MFA required (%s)', (theme) => {
  test('a user without a device enrols inside the sign-in and gets no session before the first code', async () => {
    const { page, problems } = await openDemo(theme);
    const email = uniqueEmail(`e2e-mfa-required-${theme}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
    await dialog.getByLabel('Verification code').pressSequentially(await latestCode(email));

    const enrolment = dialog.getByRole('region', { name: 'Authenticator app' });
    await expect.poll(() => enrolment.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await enrolment.textContent()).toContain('This account needs a second step at sign-in.');
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    expect(await menuButton.count()).toBe(0);
    await screenshot(page, `mfa-required-01-asked-${theme}`);

    await enrolment.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secretText = enrolment.getByTestId('totp-secret');
    await expect.poll(() => secretText.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => enrolment.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `mfa-required-02-enrolment-${theme}`);
    const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
    const enrolledAt = Date.now();
    await enrolment.getByLabel('Authentication code').fill(totp(secret, enrolledAt));
    await enrolment.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => enrolment.textContent(), { timeout: 10_000 }).toContain('Enter the next code it shows to finish signing in.');
    // Enrolled, still no session: the host shows no signed-in user.
    expect(await menuButton.count()).toBe(0);
    expect(await page.getByTestId('host-status').textContent()).not.toContain(email);
    await screenshot(page, `mfa-required-03-next-code-${theme}`);

    // The enrolment spent this step's code: it is refused; the next step's code signs in.
    await enrolment.getByLabel('Authentication code').fill(totp(secret, enrolledAt));
    await enrolment.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('Invalid code');
    await enrolment.getByLabel('Authentication code').fill(unusedTotp(secret, enrolledAt));
    await enrolment.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `mfa-required-04-signed-in-${theme}`);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
