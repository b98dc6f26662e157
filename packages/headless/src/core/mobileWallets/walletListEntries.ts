import type { MobileWalletStatus } from '../machines/mobileWallet/mobileWalletMachine.js';
import type { WalletSignInStatus } from '../machines/walletSignIn/walletSignInMachine.js';
import type { WalletOption } from '../wallets/standard/solanaWallets.js';
import { browseLinkOf } from './mobileWalletLinksOf.js';

/**
 * How a row of the wallet list connects:
 * - `extension`: the injected (wallet-standard) wallet — a desktop extension, or the wallet's own in-app browser;
 * - `mobileRedirect`: on a phone, the wallet's app over the redirect protocol (`mobileUrl` unused);
 * - `mobileBrowse`: on a phone, `mobileUrl` opens this page inside the wallet's in-app browser;
 * - `qrCode`: on a desktop, `mobileUrl` (the same in-app-browser link) is shown as a QR code to scan with the phone;
 * - `install`: none of these: `installUrl` (if any) gets the wallet.
 */
export type WalletConnectVia = 'extension' | 'mobileRedirect' | 'mobileBrowse' | 'qrCode' | 'install';

/** A row of the wallet list with the way it connects on this device. */
export interface WalletListEntry extends WalletOption {
  connectVia: WalletConnectVia;
  mobileUrl: string | undefined;
}

export type WalletDevice = 'phone' | 'desktop';

/** The wallet list for this device and page (SPEC §2: mobile wallets through deep links). */
export function toWalletListEntries(options: readonly WalletOption[], device: WalletDevice, pageUrl: string): WalletListEntry[] {
  const entries = options.map((option): WalletListEntry => {
    if (option.installed) return { ...option, connectVia: 'extension', mobileUrl: undefined };
    const app = option.mobile;
    const browse = app ? browseLinkOf(app, pageUrl) : undefined;
    if (device === 'phone' && app?.experience === 'redirect' && app.links) return { ...option, connectVia: 'mobileRedirect', mobileUrl: browse };
    if (device === 'phone' && browse) return { ...option, connectVia: 'mobileBrowse', mobileUrl: browse };
    if (device === 'desktop' && browse) return { ...option, connectVia: 'qrCode', mobileUrl: browse };
    return { ...option, connectVia: 'install', mobileUrl: undefined };
  });
  // What works here comes first: installed wallets, then (on a phone) the apps that sign in by redirect; else as listed.
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => RANK[a.entry.connectVia] - RANK[b.entry.connectVia] || a.index - b.index).map(({ entry }) => entry);
}

const RANK: Record<WalletConnectVia, number> = { extension: 0, mobileRedirect: 1, mobileBrowse: 2, qrCode: 2, install: 2 };

const MOBILE_AS_WALLET: Partial<Record<MobileWalletStatus, WalletSignInStatus>> = {
  redirecting: 'connecting',
  completingReturn: 'signing',
  returned: 'signing',
  requestingSignature: 'signing',
  verifying: 'signing',
  signedIn: 'done',
  rejected: 'failed',
  failed: 'failed',
};

/** The list's status while a redirect sign-in is under way (or just ended); otherwise undefined. */
export function mobileAsWalletStatus(status: MobileWalletStatus): WalletSignInStatus | undefined {
  return MOBILE_AS_WALLET[status];
}
