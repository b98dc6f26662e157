import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser.js';
import { headlessSignIn, openPage, prebuiltSignIn, uniqueEmail } from './journeys.js';

/**
 * examples/vite-react18: Vite and React 18.3 with the packed tarballs. In development mode React 18 logs its
 * warnings (e.g. "Function components cannot be given refs" when a Radix portal hands KitLayer a ref), so both
 * journeys run on the dev server; the production build runs the prebuilt one.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('examples/vite-react18', () => {
  it('default: the prebuilt journey on the dev server — React 18.3, e-mail sign-in, the menu opens, nothing logged', async () => {
    const { page, problems } = await openPage(browser, inject('viteDevUrl'));
    await expect.poll(() => page.getByTestId('react-version').textContent(), { timeout: 20_000 }).toBe('React 18.3.1');
    await prebuiltSignIn(page, uniqueEmail('vite-dev'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('default: the headless journey on the dev server — useSession and useEmailSignIn in the host’s own form', async () => {
    const { page, problems } = await openPage(browser, new URL('/headless', inject('viteDevUrl')).href);
    await headlessSignIn(page, uniqueEmail('vite-headless'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('default: the prebuilt journey on the production build', async () => {
    const { page, problems } = await openPage(browser, inject('vitePreviewUrl'));
    await expect.poll(() => page.getByTestId('react-version').textContent(), { timeout: 20_000 }).toBe('React 18.3.1');
    await prebuiltSignIn(page, uniqueEmail('vite-build'));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
