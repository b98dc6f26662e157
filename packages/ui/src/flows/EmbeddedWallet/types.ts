import type { FlowError } from '../shared/FlowError.js';

/**
 * What the embedded-wallet screens need from `useEmbeddedWallet()` of
 * `@latchkey/headless/react/embedded`, declared structurally so the steps (and their stories) need no client.
 */
export type EmbeddedWalletStatus = 'none' | 'loading' | 'active' | 'failed';

export interface EmbeddedWalletFlowModel {
  status: EmbeddedWalletStatus;
  account: { address: string } | undefined;
  /** ms since epoch. */
  expiresAt: number | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  awaitingRecoveryCode: boolean;
}
