import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * Sign in with Apple in Chromium through the built demo (strict CSP): the kit loads the sandbox's
 * emulation of Apple's `appleid.auth.js` from the OIDC provider's origin (the Apple provider's
 * `baseAuthUrl`) and, by default (SPEC §4), `AppleID.auth.init({ usePopup: false })` + `signIn()`
 * take the whole page to the provider; it comes back to the app with code and state, and the kit
 * exchanges them with the raw nonce kept in storage — no PKCE. (The SDK popup is `strategy: 'popup'`,
 * which the demo's dialog does not ask for: covered by the headless machine and hook tests.)
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

async function openDemo(theme: 'light' | 'dark', url = inject('demoUrl')): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 720 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(url);
  return { context, page, problems };
}

async function openApple(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const apple = page.getByRole('button', { name: 'Continue with Apple' });
  await expect.poll(() => page.getByRole('list', { name: 'Sign in with a social account' }).isVisible(), { timeout: 10_000 }).toBe(true);
  if (!(await apple.isVisible())) await page.getByRole('button', { name: /^More options/ }).click();
  await expect.poll(() => apple.isVisible(), { timeout: 5_000 }).toBe(true);
}

/** The kit's redirect attempt in the demo origin's localStorage (read from the context: the page is elsewhere). */
async function storedAttempt(context: BrowserContext): Promise<{ provider?: string; state?: string; verifier?: string; nonce?: string } | undefined> {
  const demoOrigin = new URL(inject('demoUrl')).origin;
  const origin = (await context.storageState()).origins.find((entry) => entry.origin === demoOrigin);
  const item = origin?.localStorage.find((entry) => entry.name.startsWith('latchkey:') && entry.name.endsWith('socialRedirect'));
  return item ? (JSON.parse(item.value) as { provider?: string; state?: string; nonce?: string }) : undefined;
}

describe.each(['light', 'dark'] as const)('Sign in with Apple JS (%s)', (theme) => {
  test("Apple's SDK (emulated) loads under the CSP and takes the page to the provider; back on the app, signed in", async () => {
    const { context, page, problems } = await openDemo(theme);
    await openApple(page);
    await screenshot(page, `apple-01-block-${theme}`);
    const email = uniqueEmail(`apple-${theme}`);
    const sdkRequest = page.waitForRequest((request) => request.url().endsWith('/appleid.auth.js'), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    // The SDK came from the OIDC origin, then navigated this very page (no popup) to the provider.
    expect((await sdkRequest).url()).toBe(`${oauthIssuer}/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js`);
    await page.waitForURL((url) => url.origin === oauthIssuer && url.pathname === '/signin', { timeout: 15_000 });
    expect(context.pages()).toHaveLength(1);

    // Apple's redirect request: the hashed nonce, the server's state, no PKCE, no web message.
    const request = new URL(page.url());
    expect(request.searchParams.get('response_mode')).toBe('query');
    expect(request.searchParams.get('web_message_origin')).toBeNull();
    expect(request.searchParams.get('code_challenge')).toBeNull();
    const hashed = request.searchParams.get('nonce');
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(request.searchParams.get('redirect_uri')).toBe(`${inject('e2eSandboxUrl')}/api/v0/sdk/${inject('e2eEnvironmentId')}/providers/apple/redirect`);
    // The app kept the state and the raw nonce (its SHA-256 is what Apple got), not a verifier.
    const stored = await storedAttempt(context);
    expect(stored).toMatchObject({ provider: 'apple', state: request.searchParams.get('state'), verifier: '' });
    expect(createHash('sha256').update(stored!.nonce!).digest('hex')).toBe(hashed);

    await page.getByLabel('Email').fill(email);
    await screenshot(page, `apple-02-provider-page-${theme}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.origin === new URL(inject('demoUrl')).origin, { timeout: 10_000 });

    const menuButton = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    // The code and state left the address bar; the attempt left storage.
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    expect(await storedAttempt(context)).toBeUndefined();
    await screenshot(page, `apple-03-signed-in-${theme}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Sign in with Apple JS: refusals', () => {
  test('a foreign Apple return (a state this browser never stored) is rejected and signs nobody in', async () => {
    const url = new URL(inject('demoUrl'));
    url.searchParams.set('provider', 'apple');
    url.searchParams.set('state', 'f'.repeat(43));
    url.searchParams.set('code', 'stolen');
    const { context, page, problems } = await openDemo('light', url.href);
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBe('Failed to connect apple social account: Invalid random state');
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await screenshot(page, 'apple-04-foreign-return-light');
    expect(await page.getByTestId('host-status').textContent()).toBe('Sign in to see your rewards.');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an SDK that does not load ends the attempt as "Failed to load Apple SDK" before the page leaves; nothing opens or is stored', async () => {
    // The project names an Apple origin the page may not load scripts from (the CSP refuses it).
    const settings = (await (await fetch(`${inject('e2eSandboxUrl')}/api/v0/sdk/${inject('e2eEnvironmentId')}/settings`)).json()) as { providers: { provider: string }[] };
    const blocked = 'http://127.0.0.1:9';
    await patchSettings({ providers: settings.providers.map((entry) => (entry.provider === 'apple' ? { ...entry, baseAuthUrl: blocked } : entry)) });
    try {
      const { context, page, problems } = await openDemo('light');
      await openApple(page);
      await page.getByRole('button', { name: 'Continue with Apple' }).click();
      const alert = page.getByRole('dialog').getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe('Failed to load Apple SDK');
      await screenshot(page, 'apple-05-sdk-not-loaded-light');
      expect(context.pages()).toHaveLength(1);
      expect(new URL(page.url()).origin).toBe(new URL(inject('demoUrl')).origin);
      expect(await storedAttempt(context)).toBeUndefined();
      expect(await page.evaluate(() => document.querySelectorAll('script[data-latchkey-sdk="apple"]').length)).toBe(0);
      // The only problem on the page is the CSP refusing that script.
      expect(problems.filter((problem) => !problem.includes(blocked))).toEqual([]);
      await context.close();
    } finally {
      await resetSettings();
    }
  });
});
