import type { UseWalletSignInReturnType } from '@latchkey/headless/react/wallets';
import type { WalletListEntry } from '@latchkey/headless/wallets';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `WalletSignInView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** One row of the wallet list: a `useWalletSignIn().wallets` entry, without the wallet object itself. */
export type WalletListItem = Pick<WalletListEntry, 'key' | 'name' | 'installed'> &
  Partial<Pick<WalletListEntry, 'icon' | 'installUrl' | 'hardwareWallet' | 'connectVia' | 'mobileUrl'>>;
/** What the wallet views take from `useWalletSignIn()`: its own type (a fixed one in stories). */
export type WalletFlowModel = FlowModel<Pick<UseWalletSignInReturnType, 'status' | 'walletKey' | 'error' | 'connect' | 'link' | 'confirm' | 'cancel' | 'reset'>> & {
  wallets: readonly WalletListItem[];
  /** The redirect wallet's own step during a sign-in over the redirect. */
  mobileStatus?: UseWalletSignInReturnType['mobileStatus'];
};
export type WalletFlowStatus = WalletFlowModel['status'];
