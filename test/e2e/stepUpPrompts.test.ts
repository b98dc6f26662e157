import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, openDemo, openMenuView, signInByEmail, userMenu } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail, wrongCode } from './sandbox.js';
import { openDemoWithWallets, testWalletScript } from './testWallets.js';
import { enrolTotpElsewhere, unusedTotp } from './totp.js';

/**
 * "Confirm it's you" before deleting the account and before unlinking an external wallet, in Chromium through the built
 * demo against the sandbox (the unlink of a social account: unlinkStepUp.test.ts). The user signs in by e-mail in the
 * browser; their other session (another device, here the API) then adds an authenticator app, so the browser's session
 * has passed no second factor and the sandbox refuses both with 403 mfa_invalid_request. The prompt asks for the app's
 * code: a wrong one is said as a sentence, the right one deletes the account (the user is signed out) or unlinks.
 */
let browser: Browser;
let walletScript: string;

beforeAll(async () => {
  browser = await launchChromium();
  walletScript = await testWalletScript(['Test Wallet', 'Second Wallet']);
  await patchSettings({ security: { mfa: { enabled: true } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

/** Adds an authenticator app from the user's other session; what the app shows when asked (the enrolment spent its code). */
async function addAuthenticatorElsewhere(email: string): Promise<() => string> {
  const { secret, enrolledAt } = await enrolTotpElsewhere(email);
  return () => unusedTotp(secret, enrolledAt);
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

describe.each(['light', 'dark'] as const)('deleting the account with a second factor (%s)', (theme) => {
  test('Delete account asks for the authenticator app’s code — wrong, then right — and the account goes', async () => {
    const { context, page, problems } = await openDemo(browser, theme);
    const email = uniqueEmail(`e2e-delete-step-up-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    const right = await addAuthenticatorElsewhere(email);

    await menuButton.click();
    const menu = userMenu(page);
    await openMenuView(page, 'Account settings');
    await menu.getByRole('button', { name: 'Edit profile', exact: true }).click();
    await menu.getByRole('button', { name: 'Delete account…', exact: true }).click();
    await menu.getByLabel('Type DELETE to confirm').fill('DELETE');
    await menu.getByRole('button', { name: 'Delete my account', exact: true }).click();

    const prompt = menu.getByRole('region', { name: 'Confirm it’s you' });
    const codeField = prompt.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Deleting your account needs a second step you passed in the last few minutes.');
    expect(await menu.getByRole('button', { name: 'Delete my account', exact: true }).count()).toBe(0);
    await screenshot(page, `delete-step-up-01-prompt-${theme}`);

    await codeField.fill(wrongCode(right()));
    await prompt.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => prompt.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Invalid code');
    expect(await menuButton.isVisible()).toBe(true);
    await screenshot(page, `delete-step-up-02-wrong-code-${theme}`);

    await codeField.fill(right());
    await prompt.getByRole('button', { name: 'Verify', exact: true }).click();
    // Deleted: the user is signed out.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await menuButton.count()).toBe(0);
    await screenshot(page, `delete-step-up-03-deleted-${theme}`);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('unlinking an external wallet with a second factor (%s)', (theme) => {
  test('link two wallets, add an authenticator app elsewhere; unlinking one asks for its code first, then unlinks', async () => {
    const { page, problems, addresses } = await openDemoWithWallets(browser, walletScript, theme, 2);
    const second = addresses[1] as string;
    const email = uniqueEmail(`e2e-wallet-step-up-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Wallets');
    const region = page.getByRole('region', { name: 'Wallets' });
    const linked = region.getByRole('list', { name: 'Linked wallets' }).getByRole('listitem');
    await region.getByRole('button', { name: 'Link a wallet', exact: true }).click();
    await region.getByRole('button', { name: 'Link Test Wallet', exact: true }).click();
    await expect.poll(() => linked.count(), { timeout: 15_000 }).toBe(1);
    await region.getByRole('button', { name: 'Done', exact: true }).click();
    await region.getByRole('button', { name: 'Link another wallet', exact: true }).click();
    await region.getByRole('button', { name: 'Link Second Wallet', exact: true }).click();
    await expect.poll(() => linked.count(), { timeout: 15_000 }).toBe(2);
    await region.getByRole('button', { name: 'Done', exact: true }).click();

    const right = await addAuthenticatorElsewhere(email);
    await region.getByRole('button', { name: `Unlink ${short(second)}`, exact: true }).click();
    const prompt = region.getByRole('region', { name: 'Confirm it’s you' });
    const codeField = prompt.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Unlinking a way to sign in needs a second step you passed in the last few minutes.');
    // It names the wallet, whose row is marked.
    expect(await prompt.textContent()).toContain(`Unlink ${short(second)}`);
    expect(await region.locator('[data-step-up-target]').getAttribute('data-address')).toBe(second);
    expect(await region.getByRole('button', { name: 'Link another wallet', exact: true }).count()).toBe(0);
    await screenshot(page, `wallet-unlink-step-up-01-prompt-${theme}`);

    await codeField.fill(right());
    await prompt.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => linked.count(), { timeout: 10_000 }).toBe(1);
    expect(await linked.first().getAttribute('data-address')).not.toBe(second);
    expect(await prompt.count()).toBe(0);
    expect(await region.getByRole('alert').count()).toBe(0);
    await screenshot(page, `wallet-unlink-step-up-02-unlinked-${theme}`);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
