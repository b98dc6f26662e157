import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * Sign in with Apple in Chromium through the built demo (strict CSP): the kit loads the sandbox's
 * emulation of Apple's `appleid.auth.js` from the OIDC provider's origin (the Apple provider's
 * `baseAuthUrl`), `AppleID.auth.signIn()` opens its popup there, and the answer (code, ID token bound
 * to the nonce, state) is exchanged with the raw nonce — no PKCE.
 */
let browser: Browser;
let oauthIssuer: string;

beforeAll(async () => {
  browser = await launchChromium();
  const info = (await (await fetch(`${inject('e2eSandboxUrl')}/sandbox/info`)).json()) as { oauthIssuer: string };
  oauthIssuer = info.oauthIssuer;
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

async function openDemo(theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 720 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const apple = page.getByRole('button', { name: 'Continue with Apple' });
  await expect.poll(() => page.getByRole('list', { name: 'Sign in with a social account' }).isVisible(), { timeout: 10_000 }).toBe(true);
  if (!(await apple.isVisible())) await page.getByRole('button', { name: /^More options/ }).click();
  await expect.poll(() => apple.isVisible(), { timeout: 5_000 }).toBe(true);
  return { context, page, problems };
}

/** Clicks Apple: the kit loads the SDK and `AppleID.auth.signIn()` opens the provider's page. */
async function clickApple(context: BrowserContext, page: Page): Promise<Page> {
  const popupPromise = context.waitForEvent('page', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/signin\?/, { timeout: 10_000 });
  return popup;
}

describe.each(['light', 'dark'] as const)('Sign in with Apple JS (%s)', (theme) => {
  test("Apple's SDK (emulated) loads under the CSP, its popup signs in, the app is signed in", async () => {
    const { context, page, problems } = await openDemo(theme);
    await screenshot(page, `apple-01-block-${theme}`);
    const email = uniqueEmail(`apple-${theme}`);
    const popup = await clickApple(context, page);

    // The SDK came from the OIDC origin and defines Apple's global API.
    const sdk = await page.evaluate(() => ({
      src: document.querySelector<HTMLScriptElement>('script[data-latchkey-sdk="apple"]')?.src,
      api: typeof (window as unknown as { AppleID?: { auth?: { signIn?: unknown } } }).AppleID?.auth?.signIn,
    }));
    expect(sdk.src).toBe(`${oauthIssuer}/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js`);
    expect(sdk.api).toBe('function');
    // Apple's request: web_message, the hashed nonce, the server's state, no PKCE.
    const request = new URL(popup.url());
    expect(request.origin).toBe(oauthIssuer);
    expect(request.searchParams.get('response_mode')).toBe('web_message');
    expect(request.searchParams.get('nonce')).toMatch(/^[0-9a-f]{64}$/);
    expect(request.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(request.searchParams.get('code_challenge')).toBeNull();
    expect(request.searchParams.get('web_message_origin')).toBe(new URL(inject('demoUrl')).origin);
    await screenshot(page, `apple-02-awaiting-${theme}`);

    await popup.getByLabel('Email').fill(email);
    await screenshot(popup, `apple-03-provider-page-${theme}`);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    await closed;

    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `apple-04-signed-in-${theme}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Sign in with Apple JS: refusals', () => {
  test('closing Apple\'s popup ends the attempt as "User cancelled connection"', async () => {
    const { context, page, problems } = await openDemo('light');
    const popup = await clickApple(context, page);
    await popup.close();
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 8_000 }).toBe('User cancelled connection');
    await screenshot(page, 'apple-05-cancelled-light');
    expect(await page.getByTestId('host-status').textContent()).toBe('Sign in to see your rewards.');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an SDK that does not load ends the attempt as "Failed to load Apple SDK"; nothing opens', async () => {
    // The project names an Apple origin the page may not load scripts from (the CSP refuses it).
    const settings = (await (await fetch(`${inject('e2eSandboxUrl')}/api/v0/sdk/${inject('e2eEnvironmentId')}/settings`)).json()) as { providers: { provider: string }[] };
    const blocked = 'http://127.0.0.1:9';
    await patchSettings({ providers: settings.providers.map((entry) => (entry.provider === 'apple' ? { ...entry, baseAuthUrl: blocked } : entry)) });
    try {
      const { context, page, problems } = await openDemo('light');
      await page.getByRole('button', { name: 'Continue with Apple' }).click();
      const alert = page.getByRole('dialog').getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('Failed to load Apple SDK');
      await screenshot(page, 'apple-06-sdk-not-loaded-light');
      expect(context.pages()).toHaveLength(1);
      expect(await page.evaluate(() => document.querySelectorAll('script[data-latchkey-sdk="apple"]').length)).toBe(0);
      // The only problem on the page is the CSP refusing that script.
      expect(problems.filter((problem) => !problem.includes(blocked))).toEqual([]);
      await context.close();
    } finally {
      await resetSettings();
    }
  });
});
