import { createTestWallet } from '@latchkey/headless/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { escapeRegExp, openDemoWithAuthenticator, signInByEmail } from './demo.js';
import { latestCode, patchSettings, resetSettings, uniqueEmail } from './sandbox.js';
import { balanceOf, finishTransfer, openKeyAction, sandboxPost, sendFromPanel, signUpAndOpenEmbeddedWallet } from './walletPanel.js';

/**
 * Embedded wallets through the built demo in Chromium: an e-mail sign-up gets its Solana wallet automatically;
 * airdropped on the sandbox's cluster, it sends SOL signed by custody with a session key kept as a
 * non-extractable WebCrypto key; when the sandbox expires that key, the next send recreates the session and
 * retries once, unseen; export shows the key only inside the custody origin's iframe; recovery by e-mail code.
 */
let browser: Browser;
/** Branding `walletIconUrl` (the seed names the wallet 'Latchkey Demo Wallet'); answered by the browser context itself. */
const WALLET_ICON_URL = 'https://cdn.latchkey-e2e.test/wallet-icon.svg';
const WALLET_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0e7490"/><path d="M8 12h16v10H8z" fill="#fff"/></svg>';

beforeAll(async () => {
  browser = await launchChromium();
  await patchSettings({ sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: true } }, design: { branding: { walletIconUrl: WALLET_ICON_URL } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

async function openDemo(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 1100 } });
  const page = await context.newPage();
  await page.route(WALLET_ICON_URL, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: WALLET_ICON }));
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { page, problems };
}

/** The session key the page keeps (public half only; the private half is a non-extractable CryptoKey). */
const storedSessionKey = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ publicKey: string; extractable: boolean } | undefined>((resolve, reject) => {
        const open = indexedDB.open('latchkey-embedded-wallet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('sessionKeys').objectStore('sessionKeys').getAll();
          request.onsuccess = () => {
            const entry = request.result.at(-1) as { publicKey: string; privateKey: CryptoKey } | undefined;
            resolve(entry ? { publicKey: entry.publicKey, extractable: entry.privateKey.extractable } : undefined);
          };
        };
      }),
  );

async function send(panel: Locator, to: string, amount: string): Promise<string> {
  const sent = await sendFromPanel(panel, { to, amount });
  expect(sent.state, sent.text).toBe('done');
  await finishTransfer(panel);
  return sent.signature;
}

/** A new, empty account's address (a fresh ed25519 key). */
const freshAddress = () => createTestWallet().address;

const solBalance = (panel: Locator) => balanceOf(panel);

describe('embedded wallet (Chromium)', () => {
  test('sign-up creates the wallet; SOL sent through custody; an expired session key is recreated and the send retried once; recovery by e-mail code', async () => {
    const { page, problems } = await openDemo('light');
    const email = uniqueEmail('e2e-embedded');
    const { panel, address } = await signUpAndOpenEmbeddedWallet(page, email);
    // Branding: the panel is named by walletName (signUpAndOpenEmbeddedWallet found it so) with walletIconUrl beside it.
    const icon = panel.getByRole('heading', { name: 'Latchkey Demo Wallet' }).locator('img[data-wallet-icon]');
    await expect.poll(() => icon.count()).toBe(1);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await icon.getAttribute('src')).toBe(WALLET_ICON_URL);
    await screenshot(page, 'embedded-wallet-signed-up-light');

    await sandboxPost('/sandbox/airdrop', { address, lamports: '2000000000' });
    await panel.getByRole('region', { name: 'Balances' }).getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => solBalance(panel), { timeout: 15_000 }).toContain('2 SOL');

    const first = freshAddress();
    const signature = await send(panel, first, '0.5');
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    const key = await storedSessionKey(page);
    expect(key?.extractable).toBe(false);
    // 2 − 0.5 − a 5000-lamport fee, shown rounded up (SPEC §9).
    await expect.poll(() => solBalance(panel), { timeout: 15_000 }).toContain('1.5 SOL');

    // The sandbox expires the session key at custody: the next send recreates it and retries once, unseen.
    await sandboxPost('/sandbox/admin/custody/expire-api-key', { publicKey: key!.publicKey });
    await send(panel, freshAddress(), '0.25');
    const renewed = await storedSessionKey(page);
    expect(renewed?.publicKey).toBeDefined();
    expect(renewed?.publicKey).not.toBe(key!.publicKey);
    await expect.poll(() => solBalance(panel), { timeout: 15_000 }).toContain('1.25 SOL');

    // Recovery by e-mail: the code from the inbox opens a new session.
    await openKeyAction(page, panel, 'Recover');
    const recovery = panel.getByRole('form', { name: 'Recover your wallet' });
    await expect.poll(() => recovery.getByLabel('Email').inputValue()).toBe(email);
    await recovery.getByRole('button', { name: 'Send recovery code' }).click();
    await expect.poll(() => recovery.getByLabel('Recovery code').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'embedded-wallet-recovery-light');
    await recovery.getByLabel('Recovery code').fill(await latestCode(email));
    await recovery.getByRole('button', { name: 'Recover wallet' }).click();
    await expect.poll(() => panel.getAttribute('data-screen'), { timeout: 15_000 }).toBe('home');
    await expect.poll(() => panel.getByRole('region', { name: 'Wallet session' }).getAttribute('data-state')).toBe('active');
    expect(problems).toEqual([]);
  });

  test.each(['light', 'dark'] as const)('export shows the key only inside the custody iframe; the host page never holds it (%s)', async (theme) => {
    const { page, problems } = await openDemo(theme);
    const { panel } = await signUpAndOpenEmbeddedWallet(page, uniqueEmail(`e2e-embedded-export-${theme}`));
    await screenshot(page, `embedded-wallet-home-${theme}`);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await screenshot(page, `embedded-wallet-send-${theme}`);
    await panel.getByRole('button', { name: 'Back to wallet' }).click();

    // Receive: the whole address, a QR code of it and the network.
    const address = ((await panel.getByTestId('wallet-address').textContent()) ?? '').replace('Address: ', '').trim();
    await panel.getByRole('button', { name: 'Receive', exact: true }).click();
    const receive = panel.getByRole('region', { name: 'Receive' });
    await expect.poll(() => receive.getByRole('img', { name: 'QR code of your address' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect((await receive.getByTestId('receive-address').textContent())?.trim()).toBe(address);
    expect((await receive.getByTestId('receive-network').textContent())?.trim()).not.toBe('');
    await screenshot(page, `embedded-wallet-receive-${theme}`);
    await panel.getByRole('button', { name: 'Back to wallet' }).click();

    await openKeyAction(page, panel, 'Export key');
    const exportStep = panel.getByRole('region', { name: 'Export private key' });
    await exportStep.getByRole('button', { name: 'Show private key' }).click();
    const frame = page.frameLocator('iframe[title="Your private key"]');
    await expect.poll(() => frame.getByTestId('exported-key').isVisible(), { timeout: 20_000 }).toBe(true);
    const secret = ((await frame.getByTestId('exported-key').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    await screenshot(page, `embedded-wallet-export-${theme}`);

    const held = await page.evaluate(async () => {
      const local = JSON.stringify({ ...localStorage });
      const session = JSON.stringify({ ...sessionStorage });
      const databases = JSON.stringify(await indexedDB.databases());
      return `${document.documentElement.outerHTML}\n${local}\n${session}\n${databases}\n${document.cookie}`;
    });
    expect(held).not.toContain(secret);
    expect(problems).toEqual([]);
  });

  test('forceAuthenticatorAtSignup: the menu offers only "Create wallet with a passkey"; the passkey is made on the device and the wallet is created', async () => {
    await patchSettings({ sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: false, forceAuthenticatorAtSignup: true } } });
    try {
      const { page, cdp, authenticatorId, problems } = await openDemoWithAuthenticator(browser, 'light', { width: 1024, height: 1100 });
      const email = uniqueEmail('e2e-embedded-passkey');
      await signInByEmail(page, email);
      await page.getByRole('button', { name: new RegExp(`^Account: ${escapeRegExp(email)}$`) }).click();
      const create = page.getByRole('dialog', { name: 'Signed in as' }).getByRole('region', { name: 'Create your wallet' });
      await expect.poll(() => create.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await create.getByRole('button', { name: 'Skip for now' }).count()).toBe(0);
      await screenshot(page, 'embedded-wallet-create-passkey-light');
      await create.getByRole('button', { name: 'Create wallet with a passkey' }).click();

      const panel = page.getByRole('dialog', { name: 'Signed in as' }).getByRole('region', { name: 'Latchkey Demo Wallet' });
      await expect.poll(() => panel.isVisible(), { timeout: 20_000 }).toBe(true);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      await patchSettings({ sdk: { embeddedWallets: { automaticEmbeddedWalletCreation: true, forceAuthenticatorAtSignup: false } } });
    }
  });
});
