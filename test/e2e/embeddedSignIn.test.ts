import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { escapeRegExp } from './demo.js';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { latestCode, patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * Design setting `modal.view: 'embedded'` in Chromium through the built demo: the demo's SignInButton place shows the
 * sign-in inline in the page (a region, no dialog, no overlay), the e-mail code signs in there, and the user menu
 * takes its place. (The demo puts that SignInButton in its content rather than its header when the view is embedded.) Screens under test-results/screenshots/: desktop light, the code step, signed in; phone dark.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ design: { modal: { view: 'embedded' } } });
});
afterAll(async () => {
  await resetSettings();
  await browser?.close();
});

describe("design.modal.view: 'embedded'", () => {
  test('the sign-in shows inline in the page and signs in by e-mail code; the user menu takes its place', async () => {
    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1024, height: 760 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(inject('demoUrl'));
    const region = page.getByRole('region', { name: /^Sign in/ });
    await expect.poll(() => region.getByLabel('Email or phone number').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    // In the page's flow, not over it: no overlay, no fixed position; the host's own heading above it, in view.
    expect(await region.evaluate((element) => getComputedStyle(element).position)).toBe('relative');
    const heading = await page.getByRole('heading', { name: 'Welcome to Acme Rewards' }).boundingBox();
    const card = await region.boundingBox();
    expect(heading && card && heading.y + heading.height <= card.y).toBe(true);
    await screenshot(page, 'embedded-01-signed-out-light');

    const email = uniqueEmail('e2e-embedded');
    await region.getByLabel('Email or phone number').fill(email);
    await region.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => region.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'embedded-02-code-step-light');
    await region.getByLabel('Verification code').pressSequentially(await latestCode(email));

    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    expect(await page.getByRole('region', { name: /^Sign in/ }).count()).toBe(0);
    await screenshot(page, 'embedded-03-signed-in-light');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('phone, dark: the card takes the width of the page', async () => {
    await patchSettings({ design: { modal: { theme: 'dark' } } });
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(inject('demoUrl'));
    const region = page.getByRole('region', { name: /^Sign in/ });
    await expect.poll(() => region.getByLabel('Email or phone number').isVisible(), { timeout: 15_000 }).toBe(true);
    const box = await region.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'embedded-04-phone-dark');
    await context.close();
  });
});
