import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, openDemoWithAuthenticator, signInByEmail, menuHome, openMenuView } from './demo.js';
import { patchSettings, uniqueEmail } from './sandbox.js';

/**
 * Passkey sign-in in Chromium against the sandbox, through the built demo, with a CDP virtual authenticator
 * (ctap2, internal, resident keys, user verification): the dialog offers it; after adding a passkey from the
 * user menu (passkeyManager.test.ts covers managing them), the user signs out and signs in with the passkey
 * alone. WebAuthn needs a secure context and a relying party id matching the page's host: the sandbox's rp id
 * is `localhost`, so the demo is opened on http://localhost:<port> rather than 127.0.0.1.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});


describe.each(['light', 'dark'] as const)('passkey sign-in (%s)', (theme) => {
  test('the dialog offers it; with a passkey added after e-mail sign-in, sign out and sign in with the passkey alone', async () => {
    const { page, cdp, authenticatorId, problems } = await openDemoWithAuthenticator(browser, theme, { width: 1024, height: 820 });
    const email = uniqueEmail(`e2e-passkey-${theme}`);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: 'Sign in with a passkey' }).isVisible()).toBe(true);
    await screenshot(page, `passkey-01-dialog-${theme}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect.poll(() => passkeys.textContent(), { timeout: 10_000 }).toContain('No sign-in passkeys yet.');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => passkeys.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    // The assertion moved the authenticator's counter, and the server accepted it.
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
    await screenshot(page, `passkey-03-signed-in-with-passkey-${theme}`);

    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('an authenticator without the passkey: the sign-in ends quietly (warn-only), no error shown', async () => {
    const { page, cdp, authenticatorId } = await openDemoWithAuthenticator(browser, theme, { width: 1024, height: 820 });
    // Nothing registered on this fresh authenticator; without user presence the browser refuses at once.
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Cancel' }).isVisible(), { timeout: 5_000 }).toBe(true);
    await screenshot(page, `passkey-04-waiting-${theme}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.locator('[data-flow="passkey"]').getAttribute('data-state')).toBe('idle');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    await page.context().close();
  });
});

describe('passkeys on the dev server (the localhost URL `pnpm dev` prints)', () => {
  test('register a passkey after e-mail sign-in, sign out, sign in with the passkey (dev server, opened on localhost)', async () => {
    const { page, problems } = await openDemoWithAuthenticator(browser, 'light', { width: 1024, height: 820 }, inject('demoDevUrl'));
    const email = uniqueEmail('e2e-passkey-dev');
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click({ timeout: 15_000 });
    await expect.poll(() => passkeys.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 10_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
