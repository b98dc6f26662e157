import type { FlowError } from '../EmailSignIn/types.js';

/**
 * What `MobileWalletView` needs from `useMobileWallet()` of `@latchkey/headless/react/mobile`,
 * declared structurally so the presentational block (and its stories) need no client.
 */
export type MobileWalletFlowStatus = 'idle' | 'redirecting' | 'completingReturn' | 'connected' | 'signing' | 'signed' | 'rejected' | 'failed';

export interface MobileWalletFlowModel {
  status: MobileWalletFlowStatus;
  walletName: string;
  address: string | undefined;
  /** The last message signature, base58. */
  signature: string | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  connect(): unknown;
  signMessage(message: string): unknown;
  disconnect(): unknown;
  reset(): unknown;
  browseUrl(url?: string): string;
}
