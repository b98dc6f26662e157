import type { Wallet } from '@wallet-standard/base';
import { walletMarkUrl } from '../catalogue/getWalletCatalogue.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { describe, expect, it, vi } from 'vitest';
import { createTestWallet } from '../../../testing/createTestWallet.js';
import { parseWalletCatalogue } from '../catalogue/parseWalletCatalogue.js';
import { defaultWalletCatalogue } from '../catalogue/defaultWalletCatalogue.js';
import { createWalletConnector } from '../connector/createWalletConnector.js';
import { createMemoTransaction } from '../siws/memoTransaction.js';
import type { StandardDisconnectFeature } from './features.js';
import { catalogueKeyFor, isSupportedSolanaWallet, listWalletOptions } from './solanaWallets.js';
import { watchRegisteredWallets, type WalletRegistry } from './watchRegisteredWallets.js';

const catalogue = parseWalletCatalogue(defaultWalletCatalogue)!;

function withoutFeature(wallet: Wallet, name: string): Wallet {
  const features = { ...wallet.features };
  delete (features as Record<string, unknown>)[name];
  return { ...wallet, features, name: wallet.name, accounts: wallet.accounts, chains: wallet.chains, icon: wallet.icon, version: wallet.version };
}

describe('SPEC §5 feature rules and the wallet list', () => {
  it('default: the test wallet qualifies in both modes', () => {
    const wallet = createTestWallet();
    expect(isSupportedSolanaWallet(wallet, 'connect-and-sign')).toBe(true);
    expect(isSupportedSolanaWallet(withoutFeature(wallet, 'solana:signMessage'), 'connect-and-sign')).toBe(false);
    expect(isSupportedSolanaWallet(withoutFeature(wallet, 'solana:signMessage'), 'connect-only')).toBe(true);
    for (const feature of ['standard:connect', 'standard:events', 'solana:signTransaction']) {
      expect(isSupportedSolanaWallet(withoutFeature(wallet, feature), 'connect-only')).toBe(false);
    }
    expect(isSupportedSolanaWallet({ ...wallet, chains: ['eip155:1'], features: wallet.features, accounts: [], name: 'x', icon: wallet.icon, version: '1.0.0' }, 'connect-only')).toBe(false);
  });

  it('behavior: catalogue names map (phantom, backpack → backpacksol, coinbase → coinbasesolana); duplicates collapse; installed first', () => {
    expect(catalogueKeyFor('Backpack')).toBe('backpacksol');
    expect(catalogueKeyFor('Coinbase Wallet')).toBe('coinbasesolana');
    expect(catalogueKeyFor('Test Wallet')).toBeUndefined();
    const phantom = createTestWallet({ name: 'Phantom' });
    const list = listWalletOptions([createTestWallet(), phantom, createTestWallet({ name: 'Phantom' }), createTestWallet({ name: 'Test Wallet' })], catalogue, 'connect-and-sign');
    const keys = list.map((option) => option.key);
    expect(keys.filter((key) => key === 'phantom')).toHaveLength(1);
    expect(keys.filter((key) => key === 'testwallet')).toHaveLength(1);
    expect(list.slice(0, 2).every((option) => option.installed)).toBe(true);
    const phantomOption = list.find((option) => option.key === 'phantom')!;
    expect(phantomOption.wallet).toBe(phantom);
    expect(phantomOption.entry?.mobile?.iosId).toBe('id1598432977');
    const solflare = list.find((option) => option.key === 'solflare')!;
    expect(solflare).toMatchObject({ installed: false, installUrl: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic' });
  });

  it('behavior: a wallet not installed shows its catalogue mark (brand sprite id → the icon set beside the catalogue); an installed one keeps its own icon', () => {
    const phantom = createTestWallet({ name: 'Phantom' });
    const catalogueUrl = 'https://assets.example/static/wallet-catalogue.json';
    const list = listWalletOptions([phantom], catalogue, 'connect-and-sign', (spriteId) => walletMarkUrl(catalogueUrl, spriteId));
    expect(list.find((option) => option.key === 'solflare')?.icon).toBe('https://assets.example/static/wallet-icons/solflare.svg');
    expect(list.find((option) => option.key === 'phantom')?.icon).toBe(phantom.icon);
    // Without a mark resolver (or a sprite id), the UI's letter tile stays.
    expect(listWalletOptions([], catalogue, 'connect-and-sign').find((option) => option.key === 'solflare')?.icon).toBeUndefined();
    expect(walletMarkUrl(catalogueUrl, undefined)).toBeUndefined();
    expect(walletMarkUrl(catalogueUrl, '../secrets')).toBeUndefined();
    expect(walletMarkUrl(catalogueUrl, 'Phantom')).toBeUndefined();
  });

  it('behavior: a wallet with a hardware variant offers it too, flagged; a hardware wallet needs no message signing', () => {
    const phantom = createTestWallet({ name: 'Phantom' });
    const list = listWalletOptions([phantom], catalogue, 'connect-and-sign');
    expect(list.find((option) => option.key === 'phantom')).toMatchObject({ installed: true, hardwareWallet: false });
    expect(list.find((option) => option.key === 'phantomledger')).toMatchObject({ installed: true, hardwareWallet: true, name: 'Phantom (Ledger)', wallet: phantom });
    // Without solana:signMessage only the hardware variant qualifies for connect-and-sign.
    const noMessages = listWalletOptions([withoutFeature(phantom, 'solana:signMessage')], catalogue, 'connect-and-sign');
    expect(noMessages.filter((option) => option.installed).map((option) => option.key)).toEqual(['phantomledger']);
    // A test wallet in hardware mode named after the variant maps to it by name.
    const ledger = listWalletOptions([createTestWallet({ name: 'Phantom (Ledger)', hardware: true })], catalogue, 'connect-and-sign');
    expect(ledger.filter((option) => option.installed).map((option) => [option.key, option.hardwareWallet])).toEqual([['phantomledger', true]]);
  });

  it('behavior: catalogue mobile data becomes the phone app of a row (redirect links, in-app-browser template)', () => {
    const list = listWalletOptions([], catalogue, 'connect-and-sign');
    expect(list.find((option) => option.key === 'phantom')?.mobile).toEqual({
      experience: 'redirect',
      links: { key: 'phantom', name: 'Phantom', universal: 'https://phantom.app/ul', inAppBrowser: 'https://phantom.app/ul/browse/{url}' },
      inAppBrowser: 'https://phantom.app/ul/browse/{url}',
    });
    expect(list.find((option) => option.key === 'backpacksol')?.mobile).toMatchObject({ experience: 'in-app-browser', links: undefined });
    expect(list.find((option) => option.key === 'phantomledger')?.mobile).toBeUndefined();
  });

  it('behavior: late registration reaches the watcher', () => {
    const wallets: Wallet[] = [];
    const listeners: Array<() => void> = [];
    const registry: WalletRegistry = { get: () => wallets, on: (_event, listener) => (listeners.push(listener as () => void), () => undefined) };
    const seen = vi.fn();
    watchRegisteredWallets(seen, registry);
    expect(seen).toHaveBeenLastCalledWith([]);
    wallets.push(createTestWallet());
    listeners.forEach((listener) => listener());
    expect(seen.mock.lastCall?.[0]).toHaveLength(1);
  });
});

describe('connector and test wallet', () => {
  it('default: the signer signs messages and transactions with the real key', async () => {
    const wallet = createTestWallet();
    const connector = createWalletConnector(wallet, 'testwallet');
    expect(() => connector.signer()).toThrow('Signer not found');
    expect(await connector.connect()).toBe(wallet.address);
    const signer = connector.signer();
    const message = new TextEncoder().encode('hello');
    expect(ed25519.verify(await signer.signMessage(message), message, bs58.decode(wallet.address))).toBe(true);
    const unsigned = createMemoTransaction(wallet.address, 'Nonce: abcdefgh12345678');
    const signed = await signer.signTransaction(unsigned);
    expect(ed25519.verify(signed.subarray(1, 65), signed.subarray(65), bs58.decode(wallet.address))).toBe(true);
    expect(signed.subarray(65)).toEqual(unsigned.subarray(65));
  });

  it('error: signMessage on a hardware wallet raises the SPEC §8 error without asking the wallet; transactions still sign', async () => {
    const wallet = createTestWallet({ name: 'Phantom (Ledger)', hardware: true });
    const asked = vi.spyOn(wallet.features['solana:signMessage'] as { signMessage: () => unknown }, 'signMessage');
    const connector = createWalletConnector(wallet, 'phantomledger', { hardwareWallet: true });
    await connector.connect();
    await expect(connector.signer().signMessage(new Uint8Array([1]))).rejects.toMatchObject({ code: 'hardware_wallet_cannot_sign_message', message: 'Hardware wallets cannot sign messages directly.' });
    expect(asked).not.toHaveBeenCalled();
    const signed = await connector.signer().signTransaction(createMemoTransaction(wallet.address, 'Nonce: abcdefgh12345678'));
    expect(ed25519.verify(signed.subarray(1, 65), signed.subarray(65), bs58.decode(wallet.address))).toBe(true);
    // The test wallet's hardware mode refuses message signing itself, as the device would.
    const plain = createWalletConnector(wallet, 'phantomledger');
    await plain.connect();
    await expect(plain.signer().signMessage(new Uint8Array([1]))).rejects.toBeTruthy();
  });

  it("error: 'Nonce missing' for a message without a nonce", () => {
    expect(() => createMemoTransaction(createTestWallet().address, 'no nonce here')).toThrow('Nonce missing');
  });

  it('error: the address mismatch error names expected address, active address and wallet', async () => {
    const wallet = createTestWallet();
    const connector = createWalletConnector(wallet, 'testwallet');
    await expect(connector.connect({ expectedAddress: 'Expected1111111111111111111111111' })).rejects.toMatchObject({
      code: 'wallet_address_mismatch',
      message: `Active address ${wallet.address} of Test Wallet does not match the expected Expected1111111111111111111111111.`,
    });
  });

  it("error: a wallet that switched accounts: 'not currently active in the named connector'", async () => {
    const wallet = createTestWallet();
    const connector = createWalletConnector(wallet, 'testwallet');
    await connector.connect();
    const signer = connector.signer();
    await (wallet.features['standard:disconnect'] as StandardDisconnectFeature).disconnect();
    await expect(signer.signMessage(new Uint8Array([1]))).rejects.toMatchObject({ code: 'wallet_not_active_in_connector' });
  });

  it('error: a wallet without connect → Solana wallet not found', async () => {
    const connector = createWalletConnector(withoutFeature(createTestWallet(), 'standard:connect'), 'x');
    await expect(connector.connect()).rejects.toMatchObject({ code: 'solana_wallet_not_found', message: 'Solana wallet not found' });
  });
});
