import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** What the hosts' browser tests share: the sandbox's inbox and API, the two journeys, a console watcher. */

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `host-${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function latestCode(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${inject('hostsSandboxUrl')}/sandbox/inbox?to=${encodeURIComponent(to)}`, { headers: { accept: 'application/json' } });
    const [message] = (await response.json()) as Array<{ code: string | null }>;
    if (message?.code) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code in the inbox for ${to}`);
}

/** Signs a fresh user in through the product API (no browser): the sign-in response's session token. */
export async function signInByApi(email: string): Promise<{ jwt: string; userId: string }> {
  const base = `${inject('hostsSandboxUrl')}/api/v0/sdk/${inject('hostsEnvironmentId')}`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const { verificationUUID } = await post('/emailVerifications/create', { email });
  const signedIn = await post('/emailVerifications/signin', { verificationUUID, verificationToken: await latestCode(email) });
  return { jwt: signedIn['jwt'] as string, userId: (signedIn['user'] as { id: string }).id };
}

/**
 * Console errors and warnings, uncaught errors and failed page loads: a clean page has none. React reports a
 * hydration mismatch (#418 in production) and its development warnings ("Function components cannot be given
 * refs") on the console, so they land here.
 */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !message.text().startsWith('Failed to load resource')) problems.push(`${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'fetch') problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

export async function openPage(browser: Browser, url: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 720 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(url);
  return { page, problems };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The prebuilt journey: "Sign in" settles (no aria-busy left from the server render), the dialog takes the e-mail
 * and the inbox code, the user menu replaces the button, and its menu opens (Radix portal, KitLayer) and closes.
 */
export async function prebuiltSignIn(page: Page, email: string): Promise<void> {
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect.poll(() => button.isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => button.getAttribute('aria-busy'), { timeout: 10_000 }).toBeNull();
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
  await dialog.getByLabel('Email or phone number').fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(() => dialog.getByLabel('Verification code').isVisible(), { timeout: 10_000 }).toBe(true);
  await dialog.getByLabel('Verification code').pressSequentially(await latestCode(email));
  const menu = page.getByRole('button', { name: new RegExp(escapeRegExp(email)) });
  await expect.poll(() => menu.isVisible(), { timeout: 15_000 }).toBe(true);
  await menu.click();
  await expect.poll(() => page.getByRole('button', { name: 'Sign out', exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('button', { name: 'Sign out', exact: true }).count()).toBe(0);
}

/** The headless journey: the host's own form on useSession and useEmailSignIn. */
export async function headlessSignIn(page: Page, email: string): Promise<void> {
  const status = page.getByTestId('session-status');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Session: signedOut');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => page.getByLabel('Code').isVisible(), { timeout: 10_000 }).toBe(true);
  await page.getByLabel('Code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Session: signedIn');
  await expect.poll(() => page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
}
