import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isLatchkeyError } from '../errors/LatchkeyError.js';
import { createEmitter } from '../events/createEmitter.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createStore } from '../storage/createStore.js';
import { createMobileWallet, type MobileWalletBrowser } from './createMobileWallet.js';
import { createMobileWalletSigner } from './createMobileWalletSigner.js';
import { decodeBase58 } from './deepLinkCrypto.js';
import { MOBILE_WALLET_CONNECTION_KEY } from './mobileWalletRecords.js';

const sandboxUrl = inject('sandboxUrl');
const APP = 'http://127.0.0.1:5173/app?tab=wallet';
let simulator: { walletKey: string; address: string; encryptionPublicKey: string; universal: string };

beforeAll(async () => {
  simulator = (await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet`)).json()) as typeof simulator;
});

/** A page whose navigations are recorded; `redirect` is the page leaving. */
function createPage(url = APP) {
  const page = { url, left: [] as string[] };
  const browser: MobileWalletBrowser = {
    currentUrl: () => page.url,
    redirect: (next) => page.left.push(next),
    replaceUrl: (next) => {
      page.url = next;
    },
  };
  return { page, browser };
}

function setup() {
  const adapter = createMemoryStorage();
  const storage = createStore({ adapter, namespace: 'latchkey:test:', events: createEmitter() });
  const { page, browser } = createPage();
  const wallet = createMobileWallet({ wallet: { key: simulator.walletKey, name: 'Sandbox wallet', universal: simulator.universal }, storage, browser });
  const raw = () => adapter.getItem(storage.keyFor(MOBILE_WALLET_CONNECTION_KEY));
  return { wallet, page, storage, raw, adapter };
}

/** The user on the simulator's page: GET shows it (checks the request), POST answers; returns the 303's target. */
async function answer(walletUrl: string, decision: 'approve' | 'reject'): Promise<string> {
  const shown = await fetch(walletUrl);
  expect(shown.status).toBe(200);
  const response = await fetch(walletUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

async function connect(context: ReturnType<typeof setup>) {
  context.wallet.connect();
  const walletUrl = context.page.left.at(-1)!;
  context.page.url = await answer(walletUrl, 'approve');
  return context.wallet.completeReturn();
}

function tamper(url: string, name: string): string {
  const parsed = new URL(url);
  const value = parsed.searchParams.get(name)!;
  // Change one base58 character: still base58, no longer what the wallet sealed.
  const swapped = value.slice(0, 10) + (value[10] === 'A' ? 'B' : 'A') + value.slice(11);
  parsed.searchParams.set(name, swapped);
  return parsed.href;
}

describe('mobile deep-link wallet against the sandbox simulator', () => {
  it('connect: fresh key pair, redirect to the wallet, the return stores session and address and leaves the address bar clean', async () => {
    const context = setup();
    context.wallet.connect();
    const walletUrl = new URL(context.page.left[0]!);
    expect(walletUrl.href.startsWith(`${simulator.universal}v1/connect?`)).toBe(true);
    expect(decodeBase58(walletUrl.searchParams.get('dapp_encryption_public_key')!)).toHaveLength(32);
    expect(new URL(walletUrl.searchParams.get('redirect_link')!).searchParams.get('latchkey_mobile_request')).toBeTruthy();
    expect(walletUrl.searchParams.get('app_url')).toBe('http://127.0.0.1:5173');
    expect(context.wallet.getConnection()).toBeUndefined();
    context.page.url = await answer(walletUrl.href, 'approve');
    const result = context.wallet.completeReturn();
    expect(result).toEqual({ kind: 'connect', address: simulator.address });
    expect(context.page.url).toBe(APP);
    const connection = context.wallet.getConnection()!;
    expect(connection.address).toBe(simulator.address);
    expect(connection.walletEncryptionPublicKey).toBe(simulator.encryptionPublicKey);
    expect(connection.session.length).toBeGreaterThan(0);
    // A second connect makes a new key pair.
    context.wallet.connect();
    expect(new URL(context.page.left.at(-1)!).searchParams.get('dapp_encryption_public_key')).not.toBe(connection.dappPublicKey);
  });

  it('signMessage: 24-byte nonce, the signature verifies with the wallet key, and the signer picks it up on return', async () => {
    const context = setup();
    await connect(context);
    const signer = createMobileWalletSigner(context.wallet);
    expect(signer.address).toBe(simulator.address);
    const message = new TextEncoder().encode('Sign in to Latchkey demo\nNonce: 42');
    void signer.signMessage(message);
    const walletUrl = new URL(context.page.left.at(-1)!);
    expect(walletUrl.pathname.endsWith('/v1/signMessage')).toBe(true);
    expect(decodeBase58(walletUrl.searchParams.get('nonce')!)).toHaveLength(24);
    context.page.url = await answer(walletUrl.href, 'approve');
    const result = context.wallet.completeReturn();
    if (result?.kind !== 'signMessage') throw new Error('expected a signature');
    expect(nacl.sign.detached.verify(message, result.signature, bs58.decode(simulator.address))).toBe(true);
    // Pass 2: the same bytes resolve at once with the stored signature, read once.
    const picked = await createMobileWalletSigner(context.wallet).signMessage(message);
    expect(bs58.encode(picked)).toBe(bs58.encode(result.signature));
    expect(context.wallet.takeResult('signMessage', message)).toBeUndefined();
  });

  it('signTransaction: the wallet signs in its slot of the very transaction sent', async () => {
    const context = setup();
    await connect(context);
    const payer = bs58.decode(simulator.address);
    // A legacy transfer-shaped message: header (1 signer), keys [wallet, system program], blockhash, one instruction.
    const message = new Uint8Array([1, 0, 1, 2, ...payer, ...new Uint8Array(32), ...new Uint8Array(32).fill(7), 1, 1, 1, 0, 0]);
    const unsigned = new Uint8Array([1, ...new Uint8Array(64), ...message]);
    context.wallet.signTransaction(unsigned);
    context.page.url = await answer(context.page.left.at(-1)!, 'approve');
    const result = context.wallet.completeReturn();
    if (result?.kind !== 'signTransaction') throw new Error('expected a transaction');
    expect(nacl.sign.detached.verify(message, result.signedTransaction.slice(1, 65), payer)).toBe(true);
    expect(result.signedTransaction.slice(65)).toEqual(message);
  });

  it('error: reject gives user_rejected_request and keeps the connection', async () => {
    const context = setup();
    await connect(context);
    const before = context.raw();
    context.wallet.signMessage(new TextEncoder().encode('no'));
    context.page.url = await answer(context.page.left.at(-1)!, 'reject');
    let error: unknown;
    try {
      context.wallet.completeReturn();
    } catch (caught) {
      error = caught;
    }
    expect(isLatchkeyError(error, 'user_rejected_request')).toBe(true);
    expect((error as Error).message).toBe('User rejected request');
    expect(context.raw()).toBe(before);
  });

  it('error: a rejected connect stores nothing', async () => {
    const context = setup();
    context.wallet.connect();
    context.page.url = await answer(context.page.left.at(-1)!, 'reject');
    expect(() => context.wallet.completeReturn()).toThrow('User rejected request');
    expect(context.raw()).toBeNull();
  });

  for (const name of ['data', 'nonce', 'simulator_encryption_public_key'] as const) {
    it(`error: a connect return with tampered ${name} is mobile_wallet_return_tampered and stores nothing`, async () => {
      const context = setup();
      context.wallet.connect();
      context.page.url = tamper(await answer(context.page.left.at(-1)!, 'approve'), name);
      let error: unknown;
      try {
        context.wallet.completeReturn();
      } catch (caught) {
        error = caught;
      }
      expect(isLatchkeyError(error, 'mobile_wallet_return_tampered')).toBe(true);
      expect((error as Error).message).toMatch(/^The wallet's reply could not be verified \(.+\); nothing was changed\.$/);
      expect(context.raw()).toBeNull();
      expect(context.page.url).toBe(APP);
    });
  }

  it('error: a tampered signature return changes nothing stored', async () => {
    const context = setup();
    await connect(context);
    const before = context.raw();
    context.wallet.signMessage(new TextEncoder().encode('hello'));
    context.page.url = tamper(await answer(context.page.left.at(-1)!, 'approve'), 'data');
    expect(() => context.wallet.completeReturn()).toThrow(expect.objectContaining({ code: 'mobile_wallet_return_tampered' }));
    expect(context.raw()).toBe(before);
    expect(context.wallet.takeResult('signMessage', new TextEncoder().encode('hello'))).toBeUndefined();
  });

  it('error: a replayed return (connect, then signature) is mobile_wallet_return_replayed and changes nothing', async () => {
    const context = setup();
    context.wallet.connect();
    const connectReturn = await answer(context.page.left.at(-1)!, 'approve');
    context.page.url = connectReturn;
    context.wallet.completeReturn();
    const connected = context.raw();
    // The same connect return again, with a signature request under way: refused, the request is kept.
    const message = new TextEncoder().encode('replay me');
    context.wallet.signMessage(message);
    const signUrl = context.page.left.at(-1)!;
    context.page.url = connectReturn;
    expect(() => context.wallet.completeReturn()).toThrow(expect.objectContaining({ code: 'mobile_wallet_return_replayed' }));
    expect(context.raw()).toBe(connected);
    const signReturn = await answer(signUrl, 'approve');
    context.page.url = signReturn;
    expect(context.wallet.completeReturn()?.kind).toBe('signMessage');
    context.wallet.takeResult('signMessage', message);
    // And the signature return replayed: refused, nothing stored.
    context.page.url = signReturn;
    expect(() => context.wallet.completeReturn()).toThrow('This wallet reply was already used or never requested; nothing was changed.');
    expect(context.raw()).toBe(connected);
    expect(context.wallet.takeResult('signMessage', message)).toBeUndefined();
  });

  it('error: signing without a connection is mobile_wallet_not_connected; the signer refuses to exist', async () => {
    const context = setup();
    expect(() => context.wallet.signMessage(new Uint8Array([1]))).toThrow('No mobile wallet is connected.');
    expect(() => createMobileWalletSigner(context.wallet)).toThrow(expect.objectContaining({ code: 'mobile_wallet_not_connected' }));
    expect(context.page.left).toEqual([]);
  });

  it('disconnect clears every stored value', async () => {
    const context = setup();
    await connect(context);
    context.wallet.signMessage(new Uint8Array([1, 2, 3]));
    context.wallet.disconnect();
    for (const key of ['mobileWallet:connection', 'mobileWallet:pending', 'mobileWallet:result']) expect(context.adapter.getItem(context.storage.keyFor(key))).toBeNull();
    expect(context.wallet.getConnection()).toBeUndefined();
  });

  it('browse link opens the dapp in the in-app browser', () => {
    const context = setup();
    expect(context.wallet.browseUrl('https://app.example/a?b=1')).toBe(`${simulator.universal}browse/https%3A%2F%2Fapp.example%2Fa%3Fb%3D1?ref=https%3A%2F%2Fapp.example`);
    const phantom = createMobileWallet({
      wallet: { key: 'phantom', name: 'Phantom', universal: 'https://phantom.app/ul/', inAppBrowser: 'https://phantom.app/ul/browse/{url}?ref=https%3A%2F%2Fapp.example' },
      storage: context.storage,
      browser: createPage().browser,
    });
    expect(phantom.browseUrl('https://app.example/')).toBe('https://phantom.app/ul/browse/https%3A%2F%2Fapp.example%2F?ref=https%3A%2F%2Fapp.example');
  });

  it('a page that is not a return completes nothing', () => {
    expect(setup().wallet.completeReturn()).toBeUndefined();
  });
});
