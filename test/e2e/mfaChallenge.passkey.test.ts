import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, openDemoWithAuthenticator, signInByEmail, menuHome, openMenuView } from './demo.js';
import { patchSettings, uniqueEmail } from './sandbox.js';

/**
 * The MFA challenge with a passkey as the second factor, in Chromium through the built demo, with a CDP
 * virtual authenticator: sign in by e-mail, add a passkey as a second step from the user menu, sign out,
 * sign in by e-mail again and finish with the passkey (the challenge offers only it: no authenticator-app
 * code form); no session before it. The demo is opened on http://localhost (the sandbox's relying party id).
 * Managing the device afterwards: mfaDevices.test.ts.
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


describe.each(['light', 'dark'] as const)('MFA with a passkey (%s)', (theme) => {
  test('add a passkey as a second step, sign out, sign in with e-mail then the passkey', async () => {
    const { page, cdp, authenticatorId, problems } = await openDemoWithAuthenticator(browser, theme, { width: 1024, height: 900 });
    const email = uniqueEmail(`e2e-mfa-passkey-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Security');
    const enrolment = page.getByRole('region', { name: 'Two-step sign-in' });
    await enrolment.getByRole('button', { name: 'Use a passkey as a second step' }).click();
    await expect.poll(() => enrolment.textContent(), { timeout: 15_000 }).toContain('Passkey added as a second step.');
    await screenshot(page, `mfa-passkey-01-added-${theme}`);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ rpId: 'localhost' });
    // A second factor, not a sign-in passkey: the passkeys list stays empty.
    expect(await page.getByRole('region', { name: 'Passkeys' }).textContent()).toContain('No sign-in passkeys yet.');

    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);

    await signInByEmail(page, email);
    const dialog = page.getByRole('dialog');
    const usePasskey = dialog.getByRole('button', { name: 'Use your passkey' });
    await expect.poll(() => usePasskey.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await menuButton.count()).toBe(0);
    // The user's only second factor is the passkey: no authenticator-app code field or text.
    expect(await dialog.getByLabel('Authentication code').count()).toBe(0);
    expect(await dialog.textContent()).not.toMatch(/authenticator app/i);
    expect(await dialog.textContent()).toContain('Use your passkey to finish signing in.');
    await screenshot(page, `mfa-passkey-02-challenge-${theme}`);
    const before = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount ?? 0;
    await usePasskey.click();
    await expect.poll(() => menuButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount ?? 0;
    expect(after).toBeGreaterThan(before);
    await screenshot(page, `mfa-passkey-03-signed-in-${theme}`);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
