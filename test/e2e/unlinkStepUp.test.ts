import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, openDemo, openMenuView, signInByEmail, userMenu } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';
import { enrolTotpElsewhere, stepUpWrongThenRight } from './totp.js';

/**
 * Step-up before unlinking, in Chromium through the built demo against the sandbox: a user signed in by e-mail links
 * a Google account; an authenticator app is then set up from another session of the user (another device) — this
 * page's session never passed that second factor, so the sandbox refuses unlinking Google (403 mfa_invalid_request).
 * The menu asks "Confirm it's you": a wrong code is said as a sentence and can be retried, the right one unlinks.
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

describe.each(['light', 'dark'] as const)('unlinking with a second factor (%s)', (theme) => {
  test('link Google, add an authenticator app; unlinking Google asks for its code first — wrong, then right — and unlinks', async () => {
    const { context, page, problems } = await openDemo(browser, theme);
    const email = uniqueEmail(`e2e-unlink-step-up-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();
    const menu = userMenu(page);

    // A second way in: Google, linked from Account settings through the provider's popup.
    await openMenuView(page, 'Account settings');
    await menu.getByRole('button', { name: 'Link another account' }).click();
    const googleEmail = uniqueEmail(`e2e-unlink-google-${theme}`);
    const popupPromise = context.waitForEvent('page');
    await menu.getByRole('button', { name: 'Link Google' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/signin\?/, { timeout: 10_000 });
    await popup.getByLabel('Email').fill(googleEmail);
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    if (!(await menu.isVisible())) {
      await menuButton.click();
      await openMenuView(page, 'Account settings');
    }
    const unlinkGoogle = menu.getByRole('button', { name: `Unlink Google ${googleEmail}` });
    await expect.poll(() => unlinkGoogle.isVisible(), { timeout: 10_000 }).toBe(true);

    // A second factor: an authenticator app, added by another session of the user (the session that verifies a device
    // has passed a second factor), so this page's session has passed none.
    const app = await enrolTotpElsewhere(email);

    await unlinkGoogle.click();
    const prompt = menu.getByRole('region', { name: 'Confirm it’s you' });
    const codeField = prompt.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Unlinking a way to sign in needs a second step you passed in the last few minutes.');
    expect(await prompt.textContent()).toContain(`Unlink Google ${googleEmail}`);
    expect(await menu.getByRole('button', { name: 'Link another account' }).count()).toBe(0);
    await screenshot(page, `unlink-step-up-01-prompt-${theme}`);

    await stepUpWrongThenRight(prompt, app, () => screenshot(page, `unlink-step-up-02-wrong-code-${theme}`));
    await expect.poll(() => unlinkGoogle.count(), { timeout: 10_000 }).toBe(0);
    expect(await prompt.count()).toBe(0);
    expect(await menu.getByRole('alert').count()).toBe(0);
    await screenshot(page, `unlink-step-up-03-unlinked-${theme}`);

    expect(problems).toEqual([]);
    await context.close();
  });
});
