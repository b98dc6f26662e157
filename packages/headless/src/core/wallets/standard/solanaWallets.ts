import type { WalletCatalogue, WalletCatalogueEntry } from '@latchkey/protocol';
import type { Wallet } from '@wallet-standard/base';
import { SolanaSignMessage, SolanaSignTransaction, StandardConnect, StandardEvents, type WalletConnectionMode } from './features.js';

/** Wallets the catalogue always handles by name (SPEC §5): a standard wallet of that name maps to its catalogue entry. */
export const CATALOGUE_HANDLED_WALLETS = ['coinbasesolana', 'phantom', 'phantomledger', 'backpacksol', 'solflare'] as const;

/** Normalised wallet-standard names of the wallets handled by name. */
const HANDLED_BY_NAME: Readonly<Record<string, (typeof CATALOGUE_HANDLED_WALLETS)[number]>> = {
  phantom: 'phantom',
  phantomledger: 'phantomledger',
  solflare: 'solflare',
  backpack: 'backpacksol',
  backpacksol: 'backpacksol',
  coinbasewallet: 'coinbasesolana',
  coinbasesolana: 'coinbasesolana',
};

/** The wallet key of a wallet name: lowercase letters and digits (`Test Wallet` → `testwallet`). */
export function walletKeyOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The catalogue entry a standard wallet maps to by name, if the catalogue handles it (SPEC §5). */
export function catalogueKeyFor(name: string): string | undefined {
  return HANDLED_BY_NAME[walletKeyOf(name)];
}

/**
 * SPEC §5's feature rules: a Solana chain, standard connect, events and transaction signing — and message signing in
 * connect-and-sign mode.
 */
export function isSupportedSolanaWallet(wallet: Wallet, mode: WalletConnectionMode): boolean {
  const features = Object.keys(wallet.features);
  const has = (feature: string) => features.includes(feature);
  if (!wallet.chains.some((chain) => chain.startsWith('solana:'))) return false;
  if (!has(StandardConnect) || !has(StandardEvents) || !has(SolanaSignTransaction)) return false;
  return mode === 'connect-only' || has(SolanaSignMessage);
}

/** One row of the wallet list. */
export interface WalletOption {
  /** Catalogue key, or the normalised name of a wallet the catalogue does not know. */
  key: string;
  name: string;
  icon: string | undefined;
  installed: boolean;
  /** The registered wallet (when installed). */
  wallet: Wallet | undefined;
  entry: WalletCatalogueEntry | undefined;
  /** Where to get it, for a wallet that is not installed. */
  installUrl: string | undefined;
  hardwareWallet: boolean;
}

function installUrlOf(entry: WalletCatalogueEntry): string | undefined {
  if (entry.desktop?.chromeId) return `https://chromewebstore.google.com/detail/${entry.desktop.chromeId}`;
  return entry.mobile?.ios ?? entry.mobile?.android ?? entry.desktop?.universal;
}

/**
 * The wallet list: the catalogue's Solana wallets and every registered wallet that passes the feature rules; a
 * registered wallet the catalogue handles by name takes that entry; duplicates collapse by key; installed first,
 * then by name.
 */
export function listWalletOptions(registered: readonly Wallet[], catalogue: WalletCatalogue, mode: WalletConnectionMode): WalletOption[] {
  const byKey = new Map<string, WalletOption>();
  for (const [key, entry] of Object.entries(catalogue.wallets)) {
    if (entry.chains && !entry.chains.some((chain) => chain.startsWith('solana:'))) continue;
    byKey.set(key, { key, name: entry.name, icon: undefined, installed: false, wallet: undefined, entry, installUrl: installUrlOf(entry), hardwareWallet: (entry.hardwareWallets?.length ?? 0) > 0 });
  }
  for (const wallet of registered) {
    if (!isSupportedSolanaWallet(wallet, mode)) continue;
    const key = catalogueKeyFor(wallet.name) ?? walletKeyOf(wallet.name);
    if (key === '') continue;
    const known = byKey.get(key);
    if (known?.installed) continue; // a duplicate registration: the first one stays
    byKey.set(key, {
      key,
      name: known?.entry?.name ?? wallet.name,
      icon: wallet.icon,
      installed: true,
      wallet,
      entry: known?.entry ?? catalogue.wallets[key],
      installUrl: undefined,
      hardwareWallet: known?.hardwareWallet ?? false,
    });
  }
  return [...byKey.values()].sort((a, b) => Number(b.installed) - Number(a.installed) || a.name.localeCompare(b.name));
}
