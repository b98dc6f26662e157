import type { FlowError } from '../EmailSignIn/types.js';

/**
 * What the Solana components need from `useSolanaBalances`, `useSendTransaction` and `useSolanaNetworks` of
 * `@latchkey/headless/react/solana`, declared structurally so these pieces (and their stories) need neither a client
 * nor @solana/web3.js.
 */
export interface SolanaBalanceItem {
  address: string;
  isNative: boolean;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
  rawBalance: bigint;
  /** Display amount (SPEC §9 rule). */
  balance: string;
  marketValue?: string;
}

export type SendFlowStatus =
  | 'idle'
  | 'preparing'
  | 'estimatingFee'
  | 'waitingToRetryFee'
  | 'checkingFunds'
  | 'simulating'
  | 'review'
  | 'signing'
  | 'sending'
  | 'confirming'
  | 'invalid'
  | 'expired'
  | 'done'
  | 'failed'
  | 'timedOut';

export interface TransferRequestModel {
  to: string;
  amount: bigint;
  mint?: string;
}

export interface SimulationAsset {
  asset: { symbol: string; decimals: number };
  transfers: readonly { value: string; summary?: string; usdPrice?: number }[];
}

export interface SimulationModel {
  inAssets: readonly SimulationAsset[];
  outAssets: readonly SimulationAsset[];
  counterparties?: readonly string[];
  validation?: { result: 'benign' | 'warning' | 'malicious'; description?: string; reason?: string };
}

export interface SendFlowModel {
  status: SendFlowStatus;
  request: TransferRequestModel | undefined;
  /** Network fee in lamports. */
  fee: bigint | undefined;
  simulation: SimulationModel | undefined;
  signature: string | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  prepare(request: TransferRequestModel): unknown;
  confirm(): unknown;
  resign(): unknown;
  /** After a network failure: the step it cut off, again (see `canRetry`). */
  retry?(): unknown;
  /** Whether `retry()` applies (`useSendTransaction().canRetry`). */
  canRetry?: boolean;
  cancel(): unknown;
  reset(): unknown;
}

export interface NetworkItem {
  networkId: string | number;
  name: string;
  vanityName?: string;
  isTestnet?: boolean;
}

/** Selector settings of SPEC §2. */
export interface SelectorSettings {
  type?: string;
  label?: string;
  numOfItemsToDisplay?: number;
  defaultItem?: string;
  alignment?: 'left' | 'center' | 'right';
}
