import type { WalletCatalogue, WalletCatalogueEntry } from '@latchkey/protocol';
import type { Wallet } from '@wallet-standard/base';
import { isSafeWalletLink, mobileAppOf, type WalletMobileApp } from '../../mobileWallets/mobileWalletLinksOf.js';
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
export function isSupportedSolanaWallet(wallet: Wallet, mode: WalletConnectionMode, hardwareWallet = false): boolean {
  const features = Object.keys(wallet.features);
  const has = (feature: string) => features.includes(feature);
  if (!wallet.chains.some((chain) => chain.startsWith('solana:'))) return false;
  if (!has(StandardConnect) || !has(StandardEvents) || !has(SolanaSignTransaction)) return false;
  // A hardware wallet signs in with a memo transaction (SPEC §5): it needs no message signing.
  return mode === 'connect-only' || hardwareWallet || has(SolanaSignMessage);
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
  /** The wallet's phone app from the catalogue (deep links), if it has one. */
  mobile: WalletMobileApp | undefined;
}

function installUrlOf(entry: WalletCatalogueEntry): string | undefined {
  if (entry.desktop?.chromeId) return `https://chromewebstore.google.com/detail/${encodeURIComponent(entry.desktop.chromeId)}`;
  return [entry.mobile?.ios, entry.mobile?.android, entry.desktop?.universal].find((link) => isSafeWalletLink(link));
}

const isHardware = (entry: WalletCatalogueEntry | undefined) => (entry?.hardwareWallets?.length ?? 0) > 0;

/** The catalogue's hardware variants a registered wallet also offers (same provider, e.g. Phantom → Phantom (Ledger)). */
function hardwareVariantsOf(wallet: Wallet, catalogue: WalletCatalogue): string[] {
  return Object.entries(catalogue.wallets)
    .filter(([, entry]) => isHardware(entry) && entry.injectedConfig?.some((config) => config.walletStandard?.providerId === wallet.name))
    .map(([key]) => key);
}

/**
 * The wallet list: the catalogue's Solana wallets and every registered wallet that passes the feature rules; a
 * registered wallet the catalogue handles by name takes that entry, and the entry's hardware variants (SPEC §5: signed
 * in by memo transaction) are offered with it; duplicates collapse by key; installed first, then by name.
 */
export function listWalletOptions(
  registered: readonly Wallet[],
  catalogue: WalletCatalogue,
  mode: WalletConnectionMode,
  /** A brand sprite id's mark (`walletMarkUrl`), for wallets that are not installed (an installed one shows its own icon). */
  markUrlOf: (spriteId: string | undefined) => string | undefined = () => undefined,
): WalletOption[] {
  const byKey = new Map<string, WalletOption>();
  for (const [key, entry] of Object.entries(catalogue.wallets)) {
    if (entry.chains && !entry.chains.some((chain) => chain.startsWith('solana:'))) continue;
    byKey.set(key, { key, name: entry.name, icon: markUrlOf(entry.brand?.spriteId), installed: false, wallet: undefined, entry, installUrl: installUrlOf(entry), hardwareWallet: isHardware(entry), mobile: mobileAppOf(key, entry) });
  }
  const install = (wallet: Wallet, key: string) => {
    const known = byKey.get(key);
    const entry = known?.entry ?? catalogue.wallets[key];
    if (known?.installed || !isSupportedSolanaWallet(wallet, mode, isHardware(entry))) return; // a duplicate registration: the first one stays
    byKey.set(key, { key, name: entry?.name ?? wallet.name, icon: wallet.icon ?? markUrlOf(entry?.brand?.spriteId), installed: true, wallet, entry, installUrl: undefined, hardwareWallet: isHardware(entry), mobile: undefined });
  };
  for (const wallet of registered) {
    const key = catalogueKeyFor(wallet.name) ?? walletKeyOf(wallet.name);
    if (key === '') continue;
    install(wallet, key);
    for (const variant of hardwareVariantsOf(wallet, catalogue)) install(wallet, variant);
  }
  return [...byKey.values()].sort((a, b) => Number(b.installed) - Number(a.installed) || a.name.localeCompare(b.name));
}
