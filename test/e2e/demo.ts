import type { Browser, CDPSession, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchConsole } from './browser.js';
import { latestCode, patchSettings } from './sandbox.js';

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
