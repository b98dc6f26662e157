import { createPublicKey, verify } from 'node:crypto';
import { devices, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { patchSettings, resetSettings } from './sandbox.js';

/**
 * The mobile redirect wallet in Chromium (a phone-sized, touch context) through the built demo's "Mobile wallet"
 * card and the sandbox's mobile-wallet simulator: connect round trip, sign a message (the signature is verified
 * here with the wallet's public key), reject, a tampered return and a replayed return — both refused without
 * touching the connection — then disconnect.
 */
let browser: Browser;
let simulator: { address: string; universal: string };

beforeAll(async () => {
  browser = await launchChromium();
  simulator = (await (await fetch(`${inject('e2eSandboxUrl')}/sandbox/mobile-wallet`)).json()) as typeof simulator;
});
afterAll(async () => {
  await browser?.close();
  await resetSettings();
});

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** base58 → bytes, written out so the check does not lean on the kit's own decoder. */
function base58(value: string): Buffer {
  let number = 0n;
  for (const char of value) {
    const digit = ALPHABET.indexOf(char);
    if (digit === -1) throw new Error(`not base58: ${char}`);
    number = number * 58n + BigInt(digit);
  }
  const hex = number === 0n ? '' : number.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = value.length - value.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

function verifyEd25519(message: string, signature: string, address: string): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base58(address).toString('base64url') }, format: 'jwk' });
  return verify(null, Buffer.from(message, 'utf8'), key, base58(signature));
}

const card = (page: Page) => page.locator('[data-flow="mobile-wallet"]');
const stateOf = (page: Page) => card(page).getAttribute('data-state');

async function openDemo(theme: 'light' | 'dark'): Promise<{ page: Page; problems: string[] }> {
  await patchSettings({ design: { modal: { theme } } });
  const context = await browser.newContext({ ...devices['Pixel 7'], colorScheme: theme });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(inject('demoUrl'));
  await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('idle');
  return { page, problems };
}

/** On the simulator's page: waits for it, then approves or rejects. */
async function answerInWallet(page: Page, decision: 'Approve' | 'Reject', shot?: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(simulator.universal), { timeout: 15_000 });
  await expect.poll(() => page.getByRole('button', { name: decision }).isVisible()).toBe(true);
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: decision }).click();
  await page.waitForURL((url) => url.origin === new URL(inject('demoUrl')).origin, { timeout: 15_000 });
}

/** The wallet's approval fetched outside the page, so the test can hand the browser a modified return. */
async function approvalOf(walletPageUrl: string): Promise<string> {
  const response = await fetch(walletPageUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe.each(['light', 'dark'] as const)('mobile wallet (%s)', (theme) => {
  test('connect and sign through the simulator; reject; tampered and replayed returns change nothing; disconnect', async () => {
    const { page, problems } = await openDemo(theme);
    // Every wallet return the page was sent to (the kit cleans the address bar right after reading one).
    const returns: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('latchkey_mobile_request=')) returns.push(frame.url());
    });
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, `mobile-wallet-01-idle-${theme}`);
    const browseHref = await page.getByRole('link', { name: 'Open in Sandbox wallet' }).getAttribute('href');
    expect(browseHref).toBe(`${simulator.universal}browse/${encodeURIComponent(page.url())}?ref=${encodeURIComponent(new URL(page.url()).origin)}`);

    // Connect: out to the wallet, approve, back connected.
    await page.getByRole('button', { name: 'Connect Sandbox wallet' }).click();
    await answerInWallet(page, 'Approve', `mobile-wallet-02-wallet-connect-${theme}`);
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('connected');
    expect(await page.getByTestId('mobile-wallet-address').textContent()).toBe(simulator.address);
    expect(page.url()).not.toContain('latchkey_mobile_request');
    await screenshot(page, `mobile-wallet-03-connected-${theme}`);

    // Sign a message: the wallet shows it, signs it; back signed with a signature that verifies with the wallet key.
    await page.getByRole('button', { name: 'Sign a message' }).click();
    await page.waitForURL((url) => url.href.startsWith(simulator.universal));
    const message = (await page.getByTestId('message').textContent())!;
    expect(message).toContain('Sign in to Acme Rewards from your phone.');
    await answerInWallet(page, 'Approve', `mobile-wallet-04-wallet-sign-${theme}`);
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('signed');
    const genuineReturn = returns.at(-1)!;
    expect(new URL(genuineReturn).searchParams.get('data')).toBeTruthy();
    const signature = (await page.getByTestId('mobile-wallet-signature').textContent())!;
    expect(verifyEd25519(message, signature, simulator.address)).toBe(true);
    expect(verifyEd25519(`${message}!`, signature, simulator.address)).toBe(false);
    await screenshot(page, `mobile-wallet-05-signed-${theme}`);

    // Reject: back with the wallet's error code, still connected after "Back".
    await page.getByRole('button', { name: 'Sign a message' }).click();
    await answerInWallet(page, 'Reject');
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('rejected');
    expect(await page.getByRole('alert').textContent()).toBe('User rejected request');
    await screenshot(page, `mobile-wallet-06-rejected-${theme}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => stateOf(page)).toBe('connected');

    // Tampered: the wallet's real reply with one character of `data` changed.
    await page.getByRole('button', { name: 'Sign a message' }).click();
    await page.waitForURL((url) => url.href.startsWith(simulator.universal));
    const approved = new URL(await approvalOf(page.url()));
    const data = approved.searchParams.get('data')!;
    approved.searchParams.set('data', `${data.slice(0, 5)}${data[5] === 'z' ? 'y' : 'z'}${data.slice(6)}`);
    await page.goto(approved.href);
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('failed');
    expect(await page.getByRole('alert').textContent()).toMatch(/^The wallet's reply could not be verified \(.+\); nothing was changed\.$/);
    expect(await page.getByTestId('mobile-wallet-address').textContent()).toBe(simulator.address);
    await screenshot(page, `mobile-wallet-07-tampered-${theme}`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => stateOf(page)).toBe('connected');

    // Replayed: the earlier genuine signature return, loaded again.
    await page.goto(genuineReturn);
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('failed');
    expect(await page.getByRole('alert').textContent()).toBe('This wallet reply was already used or never requested; nothing was changed.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => stateOf(page)).toBe('connected');
    expect(await page.getByTestId('mobile-wallet-address').textContent()).toBe(simulator.address);

    // Disconnect clears everything: a reload stays disconnected.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => stateOf(page)).toBe('idle');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('mobileWallet')));
    expect(stored).toEqual([]);
    await page.reload();
    await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('idle');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
