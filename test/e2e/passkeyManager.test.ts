import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, JOURNEY_PASSES, JOURNEY_SIZES, openDemoWithAuthenticator, openMenuView, overflowingText, signInByEmail } from './demo.js';
import { patchSettings, uniqueEmail } from './sandbox.js';

/**
 * The signed-in user's passkeys in the user menu, in Chromium against the sandbox through the built demo, with a
 * CDP virtual authenticator (ctap2, internal, resident keys, user verification): add a passkey after e-mail
 * sign-in (a real registration ceremony), rename it, remove it — at 1280×800 (the menu a popover) and 390×844 (a bottom
 * sheet). The demo is opened on http://localhost (the sandbox's relying party id). Signing in with it:
 * passkeySignIn.test.ts.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

describe.each(JOURNEY_PASSES)('passkey manager (%s, %s)', (size, theme) => {
  test('register a passkey after e-mail sign-in, rename it, remove it', async () => {
    const { page, cdp, authenticatorId, problems } = await openDemoWithAuthenticator(browser, theme, JOURNEY_SIZES[size]);
    const email = uniqueEmail(`e2e-passkey-manager-${size}-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Security');
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await expect.poll(() => passkeys.textContent(), { timeout: 10_000 }).toContain('No sign-in passkeys yet.');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expect.poll(() => passkeys.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    expect(await passkeys.getByRole('listitem').textContent()).toContain('This device');
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `passkey-02-registered-${size}-${theme}`);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    await passkeys.getByRole('button', { name: 'Rename Passkey' }).click();
    await passkeys.getByLabel('Passkey name').fill('Virtual key');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => passkeys.getByRole('listitem').textContent(), { timeout: 10_000 }).toContain('Virtual key');
    await screenshot(page, `passkey-manager-01-renamed-${size}-${theme}`);

    await passkeys.getByRole('button', { name: 'Remove Virtual key' }).click();
    await expect.poll(() => passkeys.textContent(), { timeout: 10_000 }).toContain('No sign-in passkeys yet.');
    // The sandbox forgot it too: after a reload (the session restored) the list, loaded afresh, is still empty.
    await page.reload();
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Security');
    await expect.poll(() => passkeys.textContent(), { timeout: 10_000 }).toContain('No sign-in passkeys yet.');

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
