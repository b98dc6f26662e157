import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { openDemo, signInByEmail } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';
import { enrolTotpElsewhere, stepUpWrongThenRight, unusedTotp } from './totp.js';
import { mpcFlowState, openKeyAction, openMpcPanel } from './walletPanel.js';

/**
 * Step-up before replacing an MPC wallet's shares, in Chromium through the built demo against the sandbox: a user
 * makes a TWO_OF_TWO wallet, then adds an authenticator app from another session (another device), so this page's
 * session has passed no second factor lately and the sandbox refuses the reshare room (403 mfa_invalid_request). The
 * wallet panel asks "Confirm it's you" under the reshare form: a wrong code is a sentence, the right one reshares.
 * "Show private key" asks the same, and the right code shows the key in the custody origin's frame.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ security: { mfa: { enabled: true } }, sdk: { waas: { enabled: true, defaultThresholdSignatureScheme: 'TWO_OF_TWO', backupOptions: ['googleDrive'] } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

/** A signed-in user's TWO_OF_TWO wallet, then an authenticator app added from another session (so this one passed none). */
async function walletThenAppElsewhere(theme: 'light' | 'dark', name: string) {
  const { context, page, problems } = await openDemo(browser, theme);
  const email = uniqueEmail(`e2e-mpc-${name}-${theme}`);
  await signInByEmail(page, email);
  const panel = await openMpcPanel(page, email);
  await expect.poll(() => mpcFlowState(panel), { timeout: 15_000 }).toBe('none');
  await panel.getByRole('button', { name: 'Create wallet' }).click();
  await expect.poll(() => mpcFlowState(panel), { timeout: 60_000 }).toBe('ready');
  const app = await enrolTotpElsewhere(email);
  return { context, page, problems, panel, app };
}

describe.each(['light', 'dark'] as const)('MPC reshare and export with a second factor (%s)', (theme) => {
  test('a reshare waits for "Confirm it\'s you" — a wrong code, then the right one — and then replaces the shares', { timeout: 120_000 }, async () => {
    const { context, page, problems, panel, app } = await walletThenAppElsewhere(theme, 'step-up');

    await openKeyAction(page, panel, 'Key shares');
    await panel.getByRole('radio', { name: /2 of 3/ }).check();
    await panel.getByLabel('Backup password').fill('correct horse battery staple');
    await panel.getByRole('button', { name: 'Reshare' }).click();
    const prompt = panel.getByRole('region', { name: 'Confirm it’s you' });
    const codeField = prompt.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Replacing your wallet’s key shares needs a second step you passed in the last few minutes.');
    expect(await panel.getByTestId('mpc-progress').count()).toBe(0);
    await screenshot(page, `mpc-step-up-01-prompt-${theme}`);

    await stepUpWrongThenRight(prompt, app, () => screenshot(page, `mpc-step-up-02-wrong-code-${theme}`));
    // Passed: the reshare runs once more, and the wallet is TWO_OF_THREE at the same address.
    await expect.poll(() => panel.getAttribute('data-screen'), { timeout: 60_000 }).toBe('home');
    expect(await prompt.count()).toBe(0);
    expect(await mpcFlowState(panel)).toBe('ready');
    await openKeyAction(page, panel, 'Key shares');
    await expect.poll(() => panel.getByText('Now: Plus a backup share (2 of 3)').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, `mpc-step-up-03-reshared-${theme}`);

    expect(problems).toEqual([]);
    await context.close();
  });

  test('"Show private key" waits for "Confirm it\'s you" too; the right code shows the key in the custody frame', { timeout: 120_000 }, async () => {
    const { context, page, problems, panel, app } = await walletThenAppElsewhere(theme, 'export-step-up');
    await openKeyAction(page, panel, 'Export key');
    await panel.getByRole('button', { name: 'Show private key' }).click();
    const prompt = panel.getByRole('region', { name: 'Confirm it’s you' });
    const codeField = prompt.getByLabel('Authentication code');
    await expect.poll(() => codeField.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Showing your private key needs a second step you passed in the last few minutes.');
    await screenshot(page, `mpc-step-up-04-export-prompt-${theme}`);

    await codeField.fill(unusedTotp(app.secret, app.enrolledAt));
    await prompt.getByRole('button', { name: 'Verify' }).click();
    const frame = page.frameLocator('[data-testid="mpc-export-frame"]');
    await expect.poll(() => frame.locator('#mpc-export-root').getAttribute('data-state'), { timeout: 30_000 }).toBe('shown');
    expect(((await frame.getByTestId('exported-key').textContent()) ?? '').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await prompt.count()).toBe(0);
    await screenshot(page, `mpc-step-up-05-exported-${theme}`);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('MPC backup after a failed one (light)', () => {
  test('the backup share never left (its drive window was closed): Back up waits for "Confirm it\'s you", refreshes the shares and backs up', { timeout: 150_000 }, async () => {
    const { context, page, problems } = await openDemo(browser, 'light');
    const email = uniqueEmail('e2e-mpc-lost-backup');
    const password = 'correct horse battery staple';
    await signInByEmail(page, email);
    const panel = await openMpcPanel(page, email);
    await expect.poll(() => mpcFlowState(panel), { timeout: 15_000 }).toBe('none');
    await panel.getByRole('radio', { name: /2 of 3/ }).check();
    await panel.getByLabel('Keep the backup in').selectOption('googleDrive');
    await panel.getByLabel('Backup password').fill(password);
    const popup = context.waitForEvent('page', { timeout: 60_000 });
    await panel.getByRole('button', { name: 'Create wallet' }).click();
    await (await popup).close();
    await page.bringToFront();
    // The wallet is made (the device and the server sign), but its backup share never left the device.
    await expect.poll(() => mpcFlowState(panel), { timeout: 60_000 }).toBe('ready');
    await expect.poll(() => panel.getByTestId('mpc-backup-prompt').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'mpc-lost-backup-01-not-backed-up-light');

    const app = await enrolTotpElsewhere(email);
    await panel.getByRole('button', { name: 'Back up' }).click();
    await expect.poll(() => panel.locator('[data-flow="mpc-wallet-backup"]').isVisible()).toBe(true);
    await panel.getByLabel('Keep the backup in').selectOption('productApi');
    await panel.getByLabel('Backup password').fill(password);
    await panel.getByRole('button', { name: 'Back up', exact: true }).last().click();
    const prompt = panel.getByRole('region', { name: 'Confirm it’s you' });
    await expect.poll(() => prompt.getByLabel('Authentication code').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await prompt.textContent()).toContain('Your wallet has no backup yet, so backing it up gives it new key shares.');
    await screenshot(page, 'mpc-lost-backup-02-prompt-light');
    await stepUpWrongThenRight(prompt, app, () => screenshot(page, 'mpc-lost-backup-03-wrong-code-light'));

    // Passed: new shares for the same key, and the new backup share is kept by the product API.
    await expect.poll(() => panel.getAttribute('data-screen'), { timeout: 60_000 }).toBe('home');
    await expect.poll(() => panel.getByTestId('mpc-backup-prompt').count(), { timeout: 15_000 }).toBe(0);
    expect(await mpcFlowState(panel)).toBe('ready');
    await screenshot(page, 'mpc-lost-backup-04-backed-up-light');
    expect(problems).toEqual([]);
    await context.close();
  });
});
