import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { escapeRegExp, openDemoWithAuthenticator, signInByEmail, menuHome, openMenuView } from './demo.js';
import { patchSettings, uniqueEmail } from './sandbox.js';

/**
 * Managing second-step devices in the user menu, in Chromium through the built demo against the sandbox: a user
 * signed in on this page adds a passkey as a second step on another (CDP virtual authenticators; the credential is then
 * copied into this page's, as a synced passkey would be), then here under "Manage second steps" finds it listed as the
 * default, renames it, asks for a new set of recovery codes — "Confirm it's you" first (step-up: this session passed no
 * second step; the other page's session did, by verifying the device) — confirmed with the passkey, gets them (shown
 * once, acknowledged), and deletes the device after confirming — after which signing in needs no second step.
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

describe.each(['light', 'dark'] as const)('MFA devices (%s)', (theme) => {
  test('list, rename, confirm with the passkey, new recovery codes and delete a device; without one the next sign-in needs no second step', async () => {
    const { page, cdp, authenticatorId, problems } = await openDemoWithAuthenticator(browser, theme, { width: 1024, height: 900 });
    const email = uniqueEmail(`e2e-mfa-devices-${theme}`);
    await signInByEmail(page, email);
    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    // The passkey is added on another page (another session of the user), then reaches this page's authenticator.
    const elsewhere = await openDemoWithAuthenticator(browser, theme, { width: 1024, height: 900 });
    await signInByEmail(elsewhere.page, email);
    await elsewhere.page.getByRole('button', { name: new RegExp(escapeRegExp(email)) }).click();
    await openMenuView(elsewhere.page, 'Security');
    const enrolment = elsewhere.page.getByRole('region', { name: 'Two-step sign-in' });
    await enrolment.getByRole('button', { name: 'Use a passkey as a second step' }).click();
    await expect.poll(() => enrolment.textContent(), { timeout: 15_000 }).toContain('Passkey added as a second step.');
    const { credentials } = await elsewhere.cdp.send('WebAuthn.getCredentials', { authenticatorId: elsewhere.authenticatorId });
    expect(credentials).toHaveLength(1);
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credentials[0]! });
    expect(elsewhere.problems).toEqual([]);
    await elsewhere.page.context().close();

    await menuButton.click();
    await openMenuView(page, 'Security');

    // Device management in the user menu: listed with the default marker, renamed, deleted after confirming.
    await page.getByRole('button', { name: 'Manage second steps' }).click();
    const devices = page.getByRole('list', { name: 'Second-step devices' });
    await expect.poll(() => devices.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    expect(await devices.textContent()).toContain('Passkey · Default');
    await devices.getByRole('button', { name: 'Rename' }).click();
    await devices.getByLabel('Name').fill('Laptop key');
    await devices.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => devices.textContent(), { timeout: 10_000 }).toContain('Laptop key · Default');
    await screenshot(page, `mfa-devices-01-renamed-${theme}`);

    // A new set of recovery codes replaces the old ones: this session passed no second step (the passkey was added by
    // the other one), so the sandbox refuses until the user confirms with one — here the passkey — then the codes come.
    const section = page.getByRole('region', { name: 'Second steps' });
    await section.getByRole('button', { name: 'New recovery codes' }).click();
    const prompt = section.getByRole('region', { name: 'Confirm it’s you' });
    await expect.poll(() => prompt.getByRole('button', { name: 'Use your passkey' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('New recovery codes replace your old ones.');
    await screenshot(page, `mfa-devices-02-confirm-its-you-${theme}`);
    await prompt.getByRole('button', { name: 'Use your passkey' }).click();
    const codes = section.getByRole('region', { name: 'Recovery codes' });
    await expect.poll(() => codes.getByRole('listitem').count(), { timeout: 10_000 }).toBe(10);
    expect((await codes.getByRole('listitem').first().textContent())?.trim()).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    await screenshot(page, `mfa-devices-03-new-recovery-codes-${theme}`);
    await codes.getByLabel('I have saved these codes').check();
    await codes.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => codes.count(), { timeout: 10_000 }).toBe(0);
    expect(await prompt.count()).toBe(0);

    await devices.getByRole('button', { name: 'Delete…' }).click();
    await screenshot(page, `mfa-devices-04-confirm-delete-${theme}`);
    // Confirmed with the passkey a moment ago: the delete goes through without asking again.
    await devices.getByRole('group', { name: 'Delete Laptop key' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('No second steps yet.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await prompt.count()).toBe(0);

    // Without a device the next sign-in needs no second step.
    await menuHome(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await signInByEmail(page, email);
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
