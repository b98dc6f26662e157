import { createTestWallet } from '@latchkey/headless/testing';
import { mintTokenTo } from '@latchkey/sandbox/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot } from './browser.js';
import { JOURNEY_PASSES, JOURNEY_SIZES, overflowingText } from './demo.js';
import { patchSettings } from './sandbox.js';
import { openDemoWithWallets, testWalletScript } from './testWallets.js';
import { balanceOf, finishTransfer, sandboxPost, sendFromPanel } from './walletPanel.js';

/**
 * Transfers from an external wallet on the sandbox's local cluster, through the built demo in Chromium: the
 * wallet-standard test wallet signs in, is airdropped SOL and minted an SPL token (test setup, with
 * @solana/spl-token against the sandbox's RPC), sends SOL to a fresh address and the token to an address that
 * has no token account yet (the kit creates it), sees its balances update, and a transfer larger than the
 * balance is refused before anything is signed, and reads both in the activity list — at 1280×800 (the menu a
 * popover) and 390×844 (a bottom sheet). The chain is checked from outside, over JSON-RPC.
 */
let browser: Browser;
let walletScript: string;
let rpcUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  walletScript = await testWalletScript(['Test Wallet']);
  rpcUrl = ((await (await fetch(`${inject('e2eSandboxUrl')}/sandbox/info`)).json()) as { solanaRpcUrl: string }).solanaRpcUrl;
});
afterAll(async () => {
  await browser?.close();
  await patchSettings({ design: { modal: { theme: 'light' } } });
});

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const lamportsOf = async (address: string) => BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);

/** The owner's token amount of `mint` (raw units), summed over its token accounts. */
async function tokenAmountOf(owner: string, mint: string): Promise<bigint> {
  const { value } = await rpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>('getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed', commitment: 'confirmed' },
  ]);
  return value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n);
}

/**
 * Whether the page has fetched @solana/web3.js: a script holding its PublicKey's own error text (every build of
 * web3.js carries it; nothing else in the demo does).
 */
function watchWeb3(page: Page): () => boolean {
  let loaded = false;
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    response.text().then(
      (text) => {
        if (text.includes('Invalid public key input')) loaded = true;
      },
      () => undefined,
    );
  });
  return () => loaded;
}

async function signInWithTestWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Connect a wallet' }).click();
  await dialog.getByRole('button', { name: 'Connect Test Wallet' }).click();
  await expect.poll(() => page.getByRole('button', { name: /^Account/ }).isVisible(), { timeout: 15_000 }).toBe(true);
}

async function openWalletPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Account/ }).click();
  const panel = page.getByRole('dialog', { name: 'Signed in as' }).getByRole('region', { name: 'Test Wallet' });
  // The wallet reconnects silently in the menu; Send appears once it can sign.
  await expect.poll(() => panel.getByRole('button', { name: 'Send', exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
  return panel;
}

describe.each(JOURNEY_PASSES)('Solana transfers from an external wallet (%s, %s)', (size, theme) => {
  test('airdrop, send SOL, send an SPL token to an address without a token account, balances update, too much is refused', async () => {
    const { page, problems, addresses } = await openDemoWithWallets(browser, walletScript, theme, 1, JOURNEY_SIZES[size]);
    const [owner] = addresses as [string];
    const web3Loaded = watchWeb3(page);
    await signInWithTestWallet(page);

    await sandboxPost('/sandbox/airdrop', { address: owner, lamports: '3000000000' });
    // Registered with the sandbox's token list: the balances route names and prices it (0.50 USD a token).
    const { mint } = await mintTokenTo(rpcUrl, { owner, amount: 1_000_000_000n, decimals: 6, name: 'Acme Points', symbol: 'ACME', usdPrice: 0.5, sandboxUrl: inject('e2eSandboxUrl') });
    const panel = await openWalletPanel(page);
    await panel.getByRole('region', { name: 'Balances' }).getByRole('button', { name: 'Refresh' }).click();
    const tokenLabel = 'ACME';
    await expect.poll(() => balanceOf(panel), { timeout: 15_000 }).toContain('3 SOL');
    await expect.poll(() => balanceOf(panel, tokenLabel), { timeout: 15_000 }).toContain('1,000 ACME');
    // The project shows fiat values (showFiat): the sandbox prices SOL and the token.
    expect(await balanceOf(panel, tokenLabel)).toMatch(/Acme Points.*≈ \$500\.00/);
    expect(await balanceOf(panel)).toMatch(/≈ \$450\.00/);
    await screenshot(page, `solana-01-balances-${size}-${theme}`);
    // The balances were read without web3.js: it (with spl-token) comes when the user opens Send.
    expect(web3Loaded()).toBe(false);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(web3Loaded, { timeout: 15_000 }).toBe(true);

    // SOL to a fresh address.
    const solRecipient = createTestWallet().address;
    const sol = await sendFromPanel(panel, { to: solRecipient, amount: '0.75' });
    expect(sol.state, sol.text).toBe('done');
    await screenshot(page, `solana-02-sol-confirmed-${size}-${theme}`);
    await finishTransfer(panel);
    expect(await lamportsOf(solRecipient)).toBe(750_000_000n);
    await expect.poll(() => balanceOf(panel), { timeout: 15_000 }).toContain('2.25 SOL'); // 3 − 0.75 − fee, rounded up

    // The token to an address with no token account: the transfer creates the recipient's associated account.
    const tokenRecipient = createTestWallet().address;
    expect(await tokenAmountOf(tokenRecipient, mint)).toBe(0n);
    const form = panel.getByRole('region', { name: 'Send' });
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `solana-03-send-form-${size}-${theme}`);
    const token = await sendFromPanel(panel, { to: tokenRecipient, amount: '250.5', token: /^ACME/ });
    expect(token.state, token.text).toBe('done');
    await finishTransfer(panel);
    expect(await tokenAmountOf(tokenRecipient, mint)).toBe(250_500_000n);
    expect(await tokenAmountOf(owner, mint)).toBe(749_500_000n);
    await expect.poll(() => balanceOf(panel, tokenLabel), { timeout: 15_000 }).toContain('749.5');

    // More than the balance: refused before anything is signed or sent.
    const before = await lamportsOf(owner);
    const tooMuch = await sendFromPanel(panel, { to: solRecipient, amount: '50' });
    expect(tooMuch.state).toBe('invalid');
    expect(await form.getByRole('alert').textContent()).toBe('Insufficient funds.');
    await screenshot(page, `solana-04-insufficient-${size}-${theme}`);
    expect(await lamportsOf(owner)).toBe(before);
    await panel.getByRole('button', { name: 'Back to wallet' }).click();

    // Activity: both transfers, newest first, read back from the cluster, with their counterparties; then the airdrop.
    await panel.getByRole('button', { name: 'Activity', exact: true }).click();
    const activity = panel.getByRole('region', { name: 'Activity' });
    await expect.poll(() => activity.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    const rows = activity.getByRole('listitem');
    const rowText = async (index: number) => ((await rows.nth(index).textContent()) ?? '').replace(/\s+/g, ' ');
    expect(await rowText(0)).toMatch(new RegExp(`Sent.*To ${tokenRecipient.slice(0, 4)}…${tokenRecipient.slice(-4)}.*−250\\.5 ACME.*(Confirmed|Finalized)`));
    expect(await rows.nth(0).getAttribute('data-signature')).toBe(token.signature);
    expect(await rowText(1)).toMatch(new RegExp(`Sent.*To ${solRecipient.slice(0, 4)}…${solRecipient.slice(-4)}.*−0\\.75 SOL`));
    expect(await rows.nth(1).getAttribute('data-signature')).toBe(sol.signature);
    expect(await activity.getByText(/^\+3 SOL$/).count()).toBe(1);
    // The sandbox's localnet has no block explorer: no link.
    expect(await activity.getByRole('link').count()).toBe(0);
    expect(await overflowingText(page)).toEqual([]);
    await screenshot(page, `solana-05-activity-${size}-${theme}`);
    if (size === 'phone') {
      expect(await page.locator('[data-latchkey-menu="user"]').getAttribute('data-layout')).toBe('sheet');
      expect(problems).toEqual([]);
      await page.context().close();
      return;
    }
    // The desktop turned phone-sized: the menu becomes a bottom sheet (a new layout: the wallet opens on its home screen again).
    await page.setViewportSize(JOURNEY_SIZES.phone);
    // The popover gives way to the sheet: act only once the sheet is in (the popover's buttons vanish mid-click).
    const sheet = page.locator('[data-latchkey-menu="user"][data-layout="sheet"]');
    await sheet.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(() => sheet.getByRole('button', { name: 'Activity', exact: true }).or(sheet.getByRole('region', { name: 'Activity' })).first().isVisible(), { timeout: 20_000 }).toBe(true);
    if (!(await sheet.getByRole('region', { name: 'Activity' }).isVisible())) await sheet.getByRole('button', { name: 'Activity', exact: true }).click();
    await expect.poll(() => sheet.getByRole('region', { name: 'Activity' }).getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await screenshot(page, `solana-06-activity-phone-${theme}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
