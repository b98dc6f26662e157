import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { JOURNEY_SIZES, openMenuView, overflowingText, type JourneySize } from './demo.js';
import { clearRateLimits, patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/** A row of the Account view's linked accounts: the provider on one line, the account under it. */
const linkedAccount = (menu: Locator, provider: string, account: string) => menu.getByRole('listitem').filter({ hasText: provider }).filter({ hasText: account });

/**
 * Social sign-in in Chromium against the sandbox's OIDC provider (its own origin), through the built demo:
 * Google by popup; closing the popup; a forged message from another origin; GitHub by full-page redirect.
 */
let browser: Browser;

const SEED_PROVIDERS = ['google', 'github', 'apple', 'discord', 'twitter', 'telegram'].map((provider, index) => ({
  id: `3c1e7a52-0d4b-4f6a-9e21-6b8d2f4a7c0${index + 1}`,
  provider,
  enabledAt: '2026-01-01T00:00:00.000Z',
  clientId: `latchkey-sandbox-${provider}`,
}));
const EMAIL_ONLY = { id: '9a4f6c2e-1b7d-4e3a-8c5f-2d6b9e0a1c3f', provider: 'emailOnly', enabledAt: '2026-01-01T00:00:00.000Z' };

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

async function openDemo(theme: 'light' | 'dark', viewport: { width: number; height: number } = { width: 1024, height: 720 }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { context, page, problems };
}

async function openSocial(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Continue with Google' }).isVisible(), { timeout: 10_000 }).toBe(true);
}

/** Clicks the provider's button and returns the popup (opened synchronously by the click). */
async function clickForPopup(context: BrowserContext, page: Page, name: string): Promise<Page> {
  const popupPromise = context.waitForEvent('page');
  await page.getByRole('button', { name }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/signin\?/, { timeout: 10_000 });
  return popup;
}

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('latchkey:')));

describe.each(['light', 'dark'] as const)('social sign-in (%s)', (theme) => {
  test('Google by popup: the provider page on its own origin, back signed in', async () => {
    const { context, page, problems } = await openDemo(theme);
    await openSocial(page);
    await screenshot(page, `social-01-block-${theme}`);
    // "More options" is the dialog's own view (title, Back): every provider, desktop and phone; Back returns.
    await page.getByRole('button', { name: 'More options (2)' }).click();
    const more = page.getByRole('dialog', { name: 'More options' });
    await expect.poll(() => more.getByRole('button', { name: /^Continue with/ }).count()).toBe(6);
    await screenshot(page, `social-01b-more-options-${theme}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `social-01c-more-options-phone-${theme}`);
    await page.setViewportSize({ width: 1024, height: 720 });
    await more.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'More options (2)' }).isVisible()).toBe(true);
    const email = uniqueEmail(`google-${theme}`);
    const popup = await clickForPopup(context, page, 'Continue with Google');
    expect(new URL(popup.url()).origin).not.toBe(new URL(inject('demoUrl')).origin);
    expect(new URL(popup.url()).origin).not.toBe(inject('e2eSandboxUrl'));
    const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
    expect(size.width).toBeGreaterThan(0);
    await screenshot(page, `social-02-awaiting-${theme}`);
    await popup.getByLabel('Email').fill(email);
    await screenshot(popup, `social-03-provider-page-${theme}`);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    await closed;

    const menuButton = page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('host-status').textContent()).toContain(email);
    await screenshot(page, `social-04-signed-in-${theme}`);
    await page.reload();
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('social sign-in: refusals', () => {
  test('closing the popup ends the attempt as "User cancelled connection" and stores nothing', async () => {
    const { context, page, problems } = await openDemo('light');
    await openSocial(page);
    const popup = await clickForPopup(context, page, 'Continue with Google');
    await popup.close();
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 8_000 }).toBe('User cancelled connection');
    await screenshot(page, 'social-05-cancelled-light');
    expect(await storedKeys(page)).toEqual([]);
    expect(await page.getByTestId('host-status').textContent()).toBe('Sign in to see your rewards.');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a forged authorization message from another origin is ignored; the real one then signs in', async () => {
    const { context, page, problems } = await openDemo('light');
    await openSocial(page);
    const popup = await clickForPopup(context, page, 'Continue with Google');
    const state = new URL(popup.url()).searchParams.get('state');
    // The popup is on the provider's origin, not the redirect page's: its message carries the right state but the wrong origin.
    await popup.evaluate((value) => {
      window.opener.postMessage({ type: 'authorization_response', provider: 'google', code: 'forged-code', state: value }, '*');
    }, state);
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').getByRole('alert').count()).toBe(0);
    expect(await storedKeys(page)).toEqual([]);

    const email = uniqueEmail('forged');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => page.getByTestId('host-status').textContent(), { timeout: 10_000 }).toContain(email);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('social sign-in: rate limited (%s)', (theme) => {
  test('past the anonymous-state limit the button answers "Rate limit reached" and counts down to when to try again; nothing is stored', async () => {
    // One state a minute per client address; this process (loopback, like the browser) takes it first. The window starts
    // empty: the earlier tests' states would otherwise set when it frees (a Retry-After of a second or two, and a hint
    // gone before it is read).
    await patchSettings({ security: { rateLimits: { anonymousState: { perClient: { limit: 1, windowSeconds: 60 } } } } });
    try {
      await clearRateLimits();
      const taken = await fetch(`${inject('e2eSandboxUrl')}/api/v0/sdk/${inject('e2eEnvironmentId')}/nonce`);
      expect(taken.status).toBe(200);
      const { context, page, problems } = await openDemo(theme);
      await openSocial(page);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in' });
      await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 8_000 }).toBe('Rate limit reached');
      const hint = dialog.getByText(/^Try again in \d+ s\.$/);
      const seconds = async () => Number(/\d+/.exec((await hint.textContent()) ?? '')?.[0]);
      const first = await seconds();
      expect(first).toBeGreaterThan(20);
      expect(first).toBeLessThanOrEqual(60);
      await screenshot(page, `social-06-rate-limited-${theme}`);
      await expect.poll(seconds, { timeout: 4_000 }).toBeLessThan(first);
      // The popup opened by the click (before the refusal could be known) is closed again.
      await expect.poll(() => context.pages().length).toBe(1);
      expect(await storedKeys(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await resetSettings();
    }
  });
});

describe('social sign-in by redirect', () => {
  test('GitHub by full-page redirect: state and verifier survive the round trip and a reload; back signed in', async () => {
    const github = SEED_PROVIDERS.map((provider) => (provider.provider === 'github' ? { ...provider, redirectUrl: inject('demoUrl') } : provider));
    await patchSettings({ providers: [EMAIL_ONLY, ...github] });
    const { context, page, problems } = await openDemo('light');
    await openSocial(page);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL(/\/signin\?/, { timeout: 10_000 });
    expect(context.pages()).toHaveLength(1);
    // A reload at the provider keeps the attempt: it lives in the app's storage, not in memory.
    await page.reload();
    const email = uniqueEmail('github');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.origin === new URL(inject('demoUrl')).origin, { timeout: 10_000 });
    await expect.poll(() => page.getByTestId('host-status').textContent(), { timeout: 10_000 }).toContain(email);
    // The code and state left the address bar; the attempt left storage.
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    expect((await storedKeys(page)).some((key) => key.endsWith('socialRedirect'))).toBe(false);
    await screenshot(page, 'social-06-redirect-signed-in-light');
    await page.reload();
    await expect.poll(() => page.getByTestId('host-status').textContent(), { timeout: 10_000 }).toContain(email);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a foreign return (a state this browser never sent) is rejected and signs nobody in', async () => {
    const { context, page, problems } = await openDemo('light');
    const url = new URL(inject('demoUrl'));
    url.searchParams.set('provider', 'github');
    url.searchParams.set('state', 'f'.repeat(43));
    url.searchParams.set('code', 'stolen');
    await page.goto(url.href);
    const alert = page.getByRole('dialog').getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBe('Failed to connect github social account: Invalid random state');
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await screenshot(page, 'social-07-foreign-return-light');
    expect(await page.getByTestId('host-status').textContent()).toBe('Sign in to see your rewards.');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['desktop', 'light'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const satisfies ReadonlyArray<readonly [JourneySize, 'light' | 'dark']>)('linking social accounts (%s, %s)', (size, theme) => {
  test('a second social account linked to the same user shows in the user menu; the last one cannot be unlinked', async () => {
    const { context, page, problems } = await openDemo(theme, JOURNEY_SIZES[size]);
    await openSocial(page);
    const email = uniqueEmail('linker');
    const popup = await clickForPopup(context, page, 'Continue with Google');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Continue', exact: true }).click();
    const menuButton = page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);

    await menuButton.click();
    await openMenuView(page, 'Account settings');
    const menu = page.locator('[data-latchkey-menu="user"]');
    // One "Link another account" opens the chooser of the providers not linked yet.
    await menu.getByRole('button', { name: 'Link another account' }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Link GitHub' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, `social-07b-link-chooser-${size}-${theme}`);
    const githubEmail = uniqueEmail('linked-gh');
    const linkPopupPromise = context.waitForEvent('page');
    await menu.getByRole('button', { name: 'Link GitHub' }).click();
    const linkPopup = await linkPopupPromise;
    await linkPopup.waitForURL(/\/signin\?/, { timeout: 10_000 });
    await linkPopup.getByLabel('Email').fill(githubEmail);
    await linkPopup.getByRole('button', { name: 'Continue', exact: true }).click();
    if (!(await menu.isVisible())) {
      await menuButton.click();
      await openMenuView(page, 'Account settings');
    }
    await expect.poll(() => linkedAccount(menu, 'GitHub', githubEmail).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await linkedAccount(menu, 'Google', email).isVisible()).toBe(true);
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `social-08-linked-accounts-${size}-${theme}`);

    // Unlink GitHub, then try the last social credential: the server refuses (forbidden_unlink_request).
    await menu.getByRole('button', { name: `Unlink GitHub ${githubEmail}` }).click();
    await expect.poll(() => linkedAccount(menu, 'GitHub', githubEmail).count(), { timeout: 10_000 }).toBe(0);
    await menu.getByRole('button', { name: `Unlink Google ${email}` }).click();
    await expect.poll(() => menu.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('You cannot unlink your only sign-in method.');
    await screenshot(page, `social-09-unlink-refused-${size}-${theme}`);
    expect(await linkedAccount(menu, 'Google', email).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('Telegram sign-in', () => {
  test('the Telegram button opens the login simulator on its own origin; the signed data signs in', async () => {
    const { context, page, problems } = await openDemo('light');
    await openSocial(page);
    await page.getByRole('button', { name: 'More options (2)' }).click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Continue with Telegram' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/auth\?bot_id=/, { timeout: 10_000 });
    const origin = new URL(popup.url()).origin;
    expect(origin).not.toBe(inject('e2eSandboxUrl'));
    expect(origin).not.toBe(new URL(inject('demoUrl')).origin);
    const telegramId = String(900_000_000 + Math.floor(Math.random() * 90_000_000));
    await popup.getByLabel('Telegram user id').fill(telegramId);
    await popup.getByLabel('First name').fill('Grace');
    await popup.getByLabel('Username').fill(`grace_${telegramId}`);
    await screenshot(popup, 'social-10-telegram-login-light');
    await popup.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('host-status').textContent(), { timeout: 10_000 }).toContain('Signed in as');
    const menuButton = page.getByRole('button', { name: /^Account/ });
    await expect.poll(() => menuButton.isVisible(), { timeout: 10_000 }).toBe(true);
    await menuButton.click();
    await openMenuView(page, 'Account settings');
    await expect.poll(() => linkedAccount(page.locator('[data-latchkey-menu="user"]'), 'Telegram', `grace_${telegramId}`).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'social-11-telegram-signed-in-light');
    expect(problems).toEqual([]);
    await context.close();
  });
});
