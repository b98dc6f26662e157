import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { escapeRegExp, openMenuView, signInByEmail, userMenu } from './demo.js';

/** Helpers for the user menu's wallet panel (balances and the send flow), shared by the wallet e2e tests. */

/** POSTs JSON to a sandbox-only route (airdrop, custody admin) and returns its answer. */
export async function sandboxPost(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${inject('e2eSandboxUrl')}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The text of the balances row of `symbol` (SOL's is the first), whitespace collapsed. */
export async function balanceOf(panel: Locator, symbol = 'SOL'): Promise<string> {
  const rows = panel.getByRole('region', { name: 'Balances' }).getByRole('listitem');
  const row = symbol === 'SOL' ? rows.first() : rows.filter({ hasText: symbol });
  if ((await row.count()) === 0) return '';
  return ((await row.first().textContent()) ?? '').replace(/\s+/g, ' ');
}

/**
 * Fills the send form (token picked by its option's label when given), reviews, confirms, waits for the end and
 * returns the final state with the form's text. The caller asserts on them.
 */
export async function sendFromPanel(panel: Locator, request: { to: string; amount: string; token?: RegExp }): Promise<{ state: string; text: string; signature: string }> {
  const form = panel.getByRole('region', { name: 'Send' });
  if (!(await form.isVisible())) await panel.getByRole('button', { name: 'Send', exact: true }).click();
  if (request.token) {
    const select = form.getByLabel('Token');
    const options = await select.locator('option').allTextContents();
    const label = options.find((option) => request.token!.test(option));
    if (!label) throw new Error(`no token option matches ${request.token}: ${options.join(' | ')}`);
    await select.selectOption({ label });
  }
  await form.getByLabel('Amount').fill(request.amount);
  await form.getByLabel('Recipient').fill(request.to);
  await form.getByRole('button', { name: 'Review' }).click();
  await expect.poll(() => form.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(review|invalid)$/);
  if ((await form.getAttribute('data-state')) === 'review') {
    await form.getByRole('button', { name: 'Confirm and sign' }).click();
    await expect.poll(() => form.getAttribute('data-state'), { timeout: 45_000 }).toMatch(/^(done|failed|timedOut|expired)$/);
  }
  const state = (await form.getAttribute('data-state')) ?? '';
  const text = (await form.textContent()) ?? '';
  const signature = state === 'done' ? ((await form.getByText(/^Signature:/).textContent()) ?? '').replace('Signature:', '').trim() : '';
  return { state, text, signature };
}

/** Closes a finished transfer ('Done') and waits for the wallet's home screen. */
export async function finishTransfer(panel: Locator): Promise<void> {
  await panel.getByRole('region', { name: 'Send' }).getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => panel.getAttribute('data-screen')).toBe('home');
}

/**
 * Signs up by e-mail and opens the user menu on its embedded wallet (created at sign-up: the caller turns on
 * `automaticEmbeddedWalletCreation`); returns the menu, the wallet panel and the wallet's address.
 */
export async function signUpAndOpenEmbeddedWallet(page: Page, email: string): Promise<{ menu: Locator; panel: Locator; address: string }> {
  await signInByEmail(page, email);
  await page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) }).click();
  const menu = page.getByRole('dialog', { name: 'Signed in as' });
  const panel = menu.getByRole('region', { name: 'Latchkey Demo Wallet' });
  await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(true);
  const address = ((await panel.getByTestId('wallet-address').textContent()) ?? '').replace('Address: ', '').trim();
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  return { menu, panel, address };
}

/**
 * Opens one of the wallet's key actions ('Export key', 'Recover', an MPC wallet's 'Back up' or 'Key shares'): they sit
 * in the menu's Security view and open their screen in the wallet panel on Home.
 */
export async function openKeyAction(page: Page, panel: Locator, name: string): Promise<void> {
  await openMenuView(page, 'Security');
  await userMenu(page).getByRole('region', { name: 'Wallet key' }).getByRole('button', { name, exact: true }).click();
  await expect.poll(() => panel.isVisible()).toBe(true);
}

/** The signed-in user's MPC wallet panel in the user menu (the menu opened when it is closed). */
export async function openMpcPanel(page: Page, email: string): Promise<Locator> {
  const account = page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) });
  if ((await page.getByRole('dialog', { name: /^Signed in/ }).count()) === 0) await account.click();
  const panel = page.getByRole('dialog', { name: /^Signed in/ }).getByRole('region', { name: 'MPC wallet' });
  await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(true);
  return panel;
}

/** The MPC wallet flow's `data-state` (`none`, `ready`, `resharing`, …). */
export const mpcFlowState = (panel: Locator) => panel.locator('[data-flow="mpc-wallet"]').getAttribute('data-state');

