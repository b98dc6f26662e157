import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import type { RpcTransactionError } from './transactionError.js';

/** An account's state as a recorded transaction saw it (before or after); `null` when it did not exist. */
export type AccountState = { readonly lamports: bigint; readonly data: Uint8Array; readonly owner: string } | null;

export interface RecordedAccountKey {
  readonly address: string;
  readonly signer: boolean;
  readonly writable: boolean;
}

/** A transaction that landed, with what an RPC node keeps of it: the wire bytes, the accounts before and after, fee, logs. */
export interface RecordedTransaction {
  readonly signature: string;
  /** Every signature of the transaction, base58, in order. */
  readonly signatures: readonly string[];
  readonly slot: bigint;
  /** Unix seconds of the block it landed in. */
  readonly blockTime: number;
  readonly err: RpcTransactionError | null;
  readonly wire: Uint8Array;
  readonly fee: bigint;
  readonly accountKeys: readonly RecordedAccountKey[];
  /** Per account key, in order. */
  readonly pre: readonly AccountState[];
  readonly post: readonly AccountState[];
  readonly logs: readonly string[];
  readonly computeUnitsConsumed: bigint;
}

const base58 = getBase58Decoder();
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/**
 * The static account keys of a wire transaction with their signer and writable flags (from the message header), in
 * message order — what `getTransaction` lists and what the cluster snapshots before and after execution.
 */
export function accountKeysOf(wire: Uint8Array): { keys: RecordedAccountKey[]; signatures: string[] } {
  const transaction = transactionDecoder.decode(wire);
  const message = messageDecoder.decode(transaction.messageBytes);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const total = message.staticAccounts.length;
  const keys = message.staticAccounts.map((address, index) => {
    const signer = index < numSignerAccounts;
    const writable = signer ? index < numSignerAccounts - numReadonlySignerAccounts : index < total - numReadonlyNonSignerAccounts;
    return { address: String(address), signer, writable };
  });
  const signatures = Object.values(transaction.signatures).map((signature) => base58.decode(signature ?? new Uint8Array(64)));
  return { keys, signatures };
}

/**
 * What the cluster remembers of landed transactions, for getTransaction and getSignaturesForAddress: each record by
 * signature, and per address the signatures that touched it, oldest first. Bounded: past `max` records the oldest is
 * forgotten (as a node prunes its ledger).
 */
export class TransactionHistory {
  private readonly bySignature = new Map<string, RecordedTransaction>();
  private readonly byAddress = new Map<string, string[]>();

  constructor(private readonly max: number) {}

  record(transaction: RecordedTransaction): void {
    this.bySignature.set(transaction.signature, transaction);
    for (const key of new Set(transaction.accountKeys.map((account) => account.address))) {
      const list = this.byAddress.get(key);
      if (list) list.push(transaction.signature);
      else this.byAddress.set(key, [transaction.signature]);
    }
    if (this.bySignature.size > this.max) this.forgetOldest();
  }

  get(signature: string): RecordedTransaction | undefined {
    return this.bySignature.get(signature);
  }

  /** The records that touched `address`, newest first. */
  forAddress(address: string): RecordedTransaction[] {
    const signatures = this.byAddress.get(address) ?? [];
    const records: RecordedTransaction[] = [];
    for (let index = signatures.length - 1; index >= 0; index -= 1) {
      const record = this.bySignature.get(signatures[index]!);
      if (record) records.push(record);
    }
    return records;
  }

  private forgetOldest(): void {
    const oldest = this.bySignature.values().next().value;
    if (!oldest) return;
    this.bySignature.delete(oldest.signature);
    for (const { address } of oldest.accountKeys) {
      const list = this.byAddress.get(address);
      if (!list) continue;
      const index = list.indexOf(oldest.signature);
      if (index >= 0) list.splice(index, 1);
      if (list.length === 0) this.byAddress.delete(address);
    }
  }
}
