import type { FlowError } from '../EmailSignIn/types.js';

export type WalletFlowStatus = 'starting' | 'reconnecting' | 'idle' | 'connecting' | 'signing' | 'confirming' | 'connected' | 'disconnecting' | 'done' | 'failed';

/** One row of the wallet list (what `useWalletSignIn().wallets` holds, minus the wallet object). */
export interface WalletListItem {
  key: string;
  name: string;
  icon?: string | undefined;
  installed: boolean;
  installUrl?: string | undefined;
}

/** What the wallet UI needs from `useWalletSignIn()`. */
export interface WalletFlowModel {
  status: WalletFlowStatus;
  wallets: readonly WalletListItem[];
  walletKey: string | undefined;
  error: FlowError | undefined;
  connect(walletKey: string): void;
  link(walletKey: string): void;
  confirm(): void;
  cancel(): void;
  reset(): void;
}
