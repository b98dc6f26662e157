import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, watchConsole } from './browser.js';
import { resetSettings } from './sandbox.js';

/**
 * Issue 11, hole 7: a host page served with `Referrer-Policy: no-referrer` still signs in with Telegram. The popup's
 * request carries no Referer at all; the app origin comes from the state the kit registered (initAuth, with its Origin).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

describe('Telegram under Referrer-Policy: no-referrer', () => {
  test('the popup is opened without a Referer; the signed data still comes back to the app and signs in', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 720 } });
    // The host page's referrer policy, as a host sets it in its document (<meta name="referrer">). Serving the demo
    // through a routed response instead would make Chromium treat it as a public page barred from loopback.
    await context.addInitScript(() => {
      const apply = () => {
        const meta = document.createElement('meta');
        meta.name = 'referrer';
        meta.content = 'no-referrer';
        document.head.prepend(meta);
      };
      if (document.head) apply();
      else document.addEventListener('DOMContentLoaded', apply);
    });
    const telegramRequests: { url: string; referer: string | undefined }[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/telegram/auth?')) telegramRequests.push({ url: request.url(), referer: request.headers()['referer'] });
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(inject('demoUrl'));
    expect(await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="referrer"]')?.content)).toBe('no-referrer');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Continue with Google' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: /^More options/ }).click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Continue with Telegram' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/auth\?bot_id=/, { timeout: 10_000 });
    expect(telegramRequests.length).toBeGreaterThan(0);
    expect(telegramRequests[0]!.referer).toBeUndefined();
    const telegramId = String(800_000_000 + Math.floor(Math.random() * 90_000_000));
    await popup.getByLabel('Telegram user id').fill(telegramId);
    await popup.getByLabel('First name').fill('Hedy');
    await popup.getByLabel('Username').fill(`hedy_${telegramId}`);
    await popup.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('host-status').textContent(), { timeout: 15_000 }).toContain('Signed in as');
    expect(problems).toEqual([]);
    await context.close();
  });
});
