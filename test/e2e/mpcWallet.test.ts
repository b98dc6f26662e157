import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { signInByEmail } from './demo.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';
import { finishTransfer, mpcFlowState as flowState, openKeyAction, openMpcPanel as openPanel, sandboxPost, sendFromPanel } from './walletPanel.js';

/**
 * MPC wallets end to end in Chromium against the sandbox, through the built demo: sign up by e-mail, a TWO_OF_TWO
 * wallet made by DKG, an airdrop, SOL sent with a FROST signature and confirmed on the local cluster; a backup with a
 * password in the cloud-drive emulator; a second browser profile restores it and sends again; reshare to TWO_OF_THREE
 * and send; the key shown in the custody origin's frame only. Every screen is saved light and dark.
 */
let browser: Browser;
let rpcUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  rpcUrl = ((await (await fetch(`${inject('e2eSandboxUrl')}/sandbox/info`)).json()) as { solanaRpcUrl: string }).solanaRpcUrl;
  await patchSettings({ design: { modal: { theme: 'auto' } }, sdk: { waas: { enabled: true, defaultThresholdSignatureScheme: 'TWO_OF_TWO', backupOptions: ['googleDrive', 'icloud'] } } });
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
const lamportsOf = async (address: string) => BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value);

/** The screen in both schemes (the kit follows prefers-color-scheme with the `auto` theme). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(50);
    await screenshot(page, `mpc-${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openDemo(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1100 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  return { context, page, problems };
}

const addressOf = async (panel: Locator) => ((await panel.getByTestId('wallet-address').textContent()) ?? '').replace('Address: ', '').trim();

/** The cloud drive's sign-in popup: the OIDC provider's page (the account prefilled), Continue, and it closes. */
async function signInToDrive(context: BrowserContext, name: string, page: Page): Promise<void> {
  const popup = await context.waitForEvent('page', { timeout: 15_000 }).catch(async (error: unknown) => {
    await screenshot(page, `mpc-${name}-no-popup`);
    throw error;
  });
  await popup.waitForLoadState();
  await expect.poll(() => popup.getByRole('button', { name: 'Continue' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await screenshot(popup, `mpc-${name}-drive-signin`);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);
  await page.bringToFront();
}

async function sendSol(panel: Locator, lamports: bigint): Promise<string> {
  const to = bs58.encode(crypto.getRandomValues(new Uint8Array(32)));
  const before = await lamportsOf(to);
  const result = await sendFromPanel(panel, { to, amount: String(Number(lamports) / 1e9) });
  expect(result.state, result.text).toBe('done');
  expect(await lamportsOf(to)).toBe(before + lamports);
  return result.signature;
}

describe('MPC wallet (Chromium)', () => {
  test('sign up → TWO_OF_TWO by DKG → FROST transfer → drive backup → a new profile restores and sends → reshare to TWO_OF_THREE → send → export in the frame', { timeout: 300_000 }, async () => {
    const email = uniqueEmail('mpc');
    const password = 'correct horse battery staple';
    const first = await openDemo();
    const { page, context } = first;
    await signInByEmail(page, email);
    let panel = await openPanel(page, email);
    await expect.poll(() => flowState(panel), { timeout: 15_000 }).toBe('none');
    await shoot(page, 'create');

    // Create: the device's share and the server's, by DKG.
    await panel.getByRole('button', { name: 'Create wallet' }).click();
    await expect.poll(() => flowState(panel), { timeout: 60_000 }).toBe('ready');
    const address = await addressOf(panel);
    expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await expect.poll(() => panel.getByTestId('mpc-backup-prompt').isVisible()).toBe(true);
    await shoot(page, 'ready');

    // Airdrop, then send SOL signed by FROST: confirmed on chain.
    await sandboxPost('/sandbox/airdrop', { address, lamports: 2_000_000_000 });
    await expect
      .poll(
        async () => {
          await panel.getByRole('button', { name: 'Refresh' }).click();
          return (await panel.getByRole('region', { name: 'Balances' }).textContent()) ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain('2 SOL');
    const sent = await sendSol(panel, 10_000_000n);
    expect(sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    await shoot(page, 'sent');
    await finishTransfer(panel);

    // Back up with a password to the cloud-drive emulator (Google Drive).
    await panel.getByRole('button', { name: 'Back up' }).click();
    await expect.poll(() => panel.locator('[data-flow="mpc-wallet-backup"]').isVisible()).toBe(true);
    await shoot(page, 'backup');
    await panel.getByLabel('Keep the backup in').selectOption('googleDrive');
    await panel.getByLabel('Backup password').fill(password);
    const drive = signInToDrive(context, 'backup', page);
    await panel.getByRole('button', { name: 'Back up', exact: true }).last().click();
    await drive;
    await expect.poll(() => panel.getAttribute('data-screen'), { timeout: 30_000 }).toBe('home');
    await expect.poll(() => panel.getByTestId('mpc-backup-prompt').count()).toBe(0);

    // A second browser profile: the wallet is locked there; a wrong password is refused; the right one restores.
    const second = await openDemo();
    await signInByEmail(second.page, email);
    const lockedPanel = await openPanel(second.page, email);
    await expect.poll(() => flowState(lockedPanel), { timeout: 15_000 }).toBe('locked');
    await shoot(second.page, 'locked');
    await lockedPanel.getByLabel('Keep the backup in').count();
    await lockedPanel.getByLabel('Backup password').fill('not the password');
    const wrongDrive = signInToDrive(second.context, 'restore', second.page);
    await lockedPanel.getByRole('button', { name: 'Restore' }).click();
    await wrongDrive;
    await expect.poll(() => lockedPanel.getByRole('alert').textContent(), { timeout: 30_000 }).toContain('That password does not open this backup');
    await shoot(second.page, 'restore-wrong-password');
    await lockedPanel.getByLabel('Backup password').fill(password);
    await lockedPanel.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => flowState(lockedPanel), { timeout: 30_000 }).toBe('ready');
    expect(await addressOf(lockedPanel)).toBe(address);
    await sendSol(lockedPanel, 5_000_000n);
    await shoot(second.page, 'restored-sent');
    expect(second.problems, second.problems.join('\n')).toEqual([]);
    await second.context.close();

    // Reshare to TWO_OF_THREE (its backup share leaves the device encrypted), then send again: same address.
    panel = await openPanel(page, email);
    await openKeyAction(page, panel, 'Key shares');
    await expect.poll(() => panel.locator('[data-flow="mpc-wallet-reshare"]').isVisible()).toBe(true);
    await panel.getByRole('radio', { name: /2 of 3/ }).check();
    await panel.getByLabel('Keep the backup in').selectOption('productApi');
    await panel.getByLabel('Backup password').fill(password);
    await shoot(page, 'reshare');
    await panel.getByRole('button', { name: 'Reshare' }).click();
    await expect.poll(() => panel.getAttribute('data-screen'), { timeout: 60_000 }).toBe('home');
    expect(await addressOf(panel)).toBe(address);
    await sendSol(panel, 3_000_000n);
    await finishTransfer(panel);

    // Export: the shares are combined inside the custody origin's frame only.
    await openKeyAction(page, panel, 'Export key');
    await shoot(page, 'export');
    await panel.getByRole('button', { name: 'Show private key' }).click();
    const frame = page.frameLocator('[data-testid="mpc-export-frame"]');
    await expect.poll(() => frame.locator('#mpc-export-root').getAttribute('data-state'), { timeout: 30_000 }).toBe('shown');
    const key = ((await frame.getByTestId('exported-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // The scalar is the wallet's key: its public point is the address.
    const scalar = ed25519.Point.Fn.fromBytes(Uint8Array.from(key.match(/../g)!.map((byte) => Number.parseInt(byte, 16))));
    expect(bs58.encode(ed25519.Point.BASE.multiply(scalar).toBytes())).toBe(address);
    await shoot(page, 'exported');

    // The host page cannot reach into the frame, and nothing it keeps holds the key or a plaintext share.
    const seen = await page.evaluate(async () => {
      const iframe = document.querySelector('[data-testid="mpc-export-frame"]') as HTMLIFrameElement;
      const open = () =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('latchkey-mpc-wallet');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const db = await open();
      const entries = await new Promise<{ key: CryptoKey; iv: Uint8Array; ciphertext: ArrayBuffer }[]>((resolve) => {
        const request = db.transaction('deviceShares').objectStore('deviceShares').getAll();
        request.onsuccess = () => resolve(request.result);
      });
      // The test (not the kit) opens the vault with its own key object, to know what must appear nowhere else.
      const shares: string[] = [];
      for (const entry of entries) {
        const ids = await new Promise<IDBValidKey[]>((resolve) => {
          const request = db.transaction('deviceShares').objectStore('deviceShares').getAllKeys();
          request.onsuccess = () => resolve(request.result);
        });
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: entry.iv as Uint8Array<ArrayBuffer>, additionalData: new TextEncoder().encode(String(ids[entries.indexOf(entry)])) }, entry.key, entry.ciphertext);
        shares.push(...(JSON.parse(new TextDecoder().decode(plain)) as { shares: { signingShare: string }[] }).shares.map((share) => share.signingShare));
      }
      return {
        frameDocument: iframe.contentDocument === null,
        html: document.documentElement.outerHTML,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
        cookies: document.cookie,
        extractable: entries.map((entry) => entry.key.extractable),
        ciphertexts: entries.map((entry) => Array.from(new Uint8Array(entry.ciphertext), (b) => b.toString(16).padStart(2, '0')).join('')),
        shares,
      };
    });
    expect(seen.frameDocument).toBe(true);
    expect(seen.extractable).toEqual([false]);
    expect(seen.shares).toHaveLength(1);
    for (const secret of [key, ...seen.shares]) {
      for (const place of [seen.html, seen.local, seen.session, seen.cookies, ...seen.ciphertexts]) expect(place).not.toContain(secret);
    }
    expect(first.problems, first.problems.join('\n')).toEqual([]);
    await context.close();
  });
});
