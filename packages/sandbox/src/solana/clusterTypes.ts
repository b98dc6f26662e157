import type { RpcTransactionError } from './transactionError.js';

/** The cluster's vocabulary: commitments, statuses and results it answers, the errors it throws, its options. */
export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface SignatureStatus {
  readonly slot: bigint;
  readonly err: RpcTransactionError | null;
  readonly confirmationStatus: Commitment;
  /** Blocks confirmed on top of it; `null` once finalized (the RPC's convention). */
  readonly confirmations: number | null;
}

/** The outcome of running a transaction without committing it. */
export interface SimulationResult {
  readonly err: RpcTransactionError | null;
  readonly errText: string | null;
  readonly logs: string[];
  readonly unitsConsumed: bigint;
}

/** Thrown by `sendTransaction` when preflight rejects (the RPC answers -32002, or -32003 for signatures). */
export class PreflightError extends Error {
  override readonly name = 'PreflightError';
  constructor(
    readonly code: -32002 | -32003,
    message: string,
    readonly simulation: SimulationResult,
  ) {
    super(message);
  }
}

/** Thrown for input the cluster cannot even decode (the RPC answers -32602). */
export class InvalidTransactionError extends Error {
  override readonly name = 'InvalidTransactionError';
}

export interface SendOptions {
  /** Skip the simulation: an invalid transaction is then accepted and never lands, as on a real cluster. */
  readonly skipPreflight?: boolean;
}

/** One account a simulated transaction wrote: its state before (null when new) and after. */
export interface AccountChange {
  readonly address: string;
  readonly before: { lamports: bigint; data: Uint8Array; owner: string } | null;
  readonly after: { lamports: bigint; data: Uint8Array; owner: string };
}

export type BlockListener = (block: { slot: bigint; confirmedSlot: bigint; finalizedSlot: bigint }) => void;
export type SignatureListener = (signature: string, status: SignatureStatus) => void;

export interface LocalClusterOptions {
  /** Milliseconds per block; `0` produces blocks only when `produceBlocks` is called (tests). Default 400. */
  readonly slotMs?: number;
  /** Wall clock for the Clock sysvar's unix timestamp. */
  readonly now?: () => Date;
}
