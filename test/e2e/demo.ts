import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchConsole } from './browser.js';
import { latestCode, patchSettings } from './sandbox.js';

/** The two sizes issue 13's journeys run at: a desktop (the menu a popover) and a phone (the menu a bottom sheet). */
export const JOURNEY_SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
export type JourneySize = keyof typeof JOURNEY_SIZES;
/** Each journey at both sizes, light and dark. */
export const JOURNEY_PASSES = [
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const satisfies ReadonlyArray<readonly [JourneySize, 'light' | 'dark']>;

/** A string matched literally inside a RegExp (an e-mail in a button's accessible name). */
export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The same URL on `localhost`: WebAuthn's relying party id is `localhost` in the sandbox, not 127.0.0.1. */
export function localhostUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hostname = 'localhost';
  return parsed.toString();
}

/** Signs in through the demo's dialog with an e-mail code read from the sandbox inbox. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(() => dialog.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
  await dialog.getByLabel('Verification code').pressSequentially(await latestCode(email));
}

/**
 * Opens the demo on localhost in `theme` with a CDP virtual authenticator (ctap2, internal, resident keys, user
 * verification, presence simulated), so passkey ceremonies run for real.
 */
export async function openDemoWithAuthenticator(
  browser: Browser,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
  demoUrl: string = inject('demoUrl'),
): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(localhostUrl(demoUrl));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, cdp, authenticatorId, problems };
}

/** A fresh context (no session) at 1024×900 in `theme`, on the demo, once its Sign in button shows. */
export async function openDemo(browser: Browser, theme: 'light' | 'dark'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { context, page, problems };
}

/** The open user menu (its name is "Signed in as …", or "Signed in" for a user with no name to show). */
export const userMenu = (page: Page) => page.getByRole('dialog', { name: /^Signed in/ });

/** Opens one of the user menu's views from its Home list: 'Wallets', 'Security' or 'Account settings'. */
export async function openMenuView(page: Page, title: 'Wallets' | 'Security' | 'Account settings'): Promise<void> {
  const row = userMenu(page).getByRole('navigation', { name: 'Account' }).getByRole('button', { name: new RegExp(`^${title}`) });
  const heading = userMenu(page).getByRole('heading', { name: title, level: 2 });
  await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
  // A menu opened before its wallet panel's code arrived shows 'Loading…' above the rows; the panel then pushes them
  // down, and a click aimed at a row lands on the panel (two fresh-clone failures): wait until it is in place.
  await expect.poll(() => userMenu(page).locator('[data-menu-view="home"] > p[role="status"]').count(), { timeout: 15_000 }).toBe(0);
  await row.click();
  // On a loaded machine the view can take over a second: the row is clicked again while it is still there, until the
  // view's heading shows.
  await expect
    .poll(
      async () => {
        if (await heading.isVisible()) return true;
        if (await row.isVisible()) await row.click({ timeout: 2_000 }).catch(() => undefined);
        return heading.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Back to the user menu's Home (Sign out is in its footer), from however deep a view. */
export async function menuHome(page: Page): Promise<void> {
  for (let step = 0; step < 3; step += 1) {
    const back = userMenu(page).getByRole('button', { name: 'Back', exact: true });
    if (!(await back.isVisible())) return;
    await back.click();
  }
}

/**
 * Elements of the kit's layers whose text is wider than their box (clipped or spilling out), or that reach past the
 * viewport's edges: what a designer flags first at 390 px. A long e-mail cut with an ellipsis on purpose, or visually
 * hidden text (1 px), is not clipped text.
 */
export async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const layer of document.querySelectorAll('[data-latchkey-root][dir]')) {
      for (const element of layer.querySelectorAll<HTMLElement>('button, label, h1, h2, h3, p, a, span')) {
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden' || element.offsetParent === null) continue;
        if (element.scrollWidth > element.clientWidth + 1 && style.overflow !== 'visible' && style.textOverflow !== 'ellipsis' && element.clientWidth > 1) found.push(`${element.tagName}: ${element.textContent?.trim().slice(0, 60)}`);
        const rect = element.getBoundingClientRect();
        if (rect.right > window.innerWidth + 1 || rect.left < -1) found.push(`off-screen ${element.tagName}: ${element.textContent?.trim().slice(0, 60)}`);
      }
    }
    return found;
  });
}
