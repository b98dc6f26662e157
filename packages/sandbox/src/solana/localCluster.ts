import { createHash, randomBytes } from 'node:crypto';
import { lamports as toLamports, getBase58Decoder, type Transaction } from '@solana/kit';
import { Clock, FailedTransactionMetadata, LiteSVM } from 'litesvm';
import {
  PreflightError,
  type AccountChange,
  type BlockListener,
  type Commitment,
  type LocalClusterOptions,
  type SendOptions,
  type SignatureListener,
  type SignatureStatus,
  type SimulationResult,
} from './clusterTypes.js';
import { Keypair, PublicKey, SystemProgram, Transaction as LegacyTransaction } from '@solana/web3.js';
import { decodeTransaction, LAMPORTS_PER_SIGNATURE, messageFee, toAddress } from './transactionWire.js';
import { accountKeysOf, TransactionHistory, type AccountState, type RecordedTransaction } from './transactionHistory.js';
import { describeTransactionError, namedTransactionError, type RpcTransactionError } from './transactionError.js';

/** A blockhash stays usable for this many blocks after the block that issued it (the validator's MAX_PROCESSING_AGE). */
export const MAX_PROCESSING_AGE = 150;
/** Blocks after which a confirmed block counts as finalized (the validator's 32-slot lockout depth). */
export const FINALIZATION_DEPTH = 32;
/** The largest airdrop one request may ask for: 1000 SOL. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000n;
/** How many signature statuses the cluster remembers (oldest dropped first), like a validator's status cache. */
const MAX_REMEMBERED_SIGNATURES = 50_000;

interface Landed {
  readonly slot: bigint;
  readonly err: RpcTransactionError | null;
}

const base58 = getBase58Decoder();

/**
 * A one-validator Solana cluster in front of LiteSVM. LiteSVM executes; this class adds what a cluster has and LiteSVM
 * lacks: blocks produced on a clock (slot = block height, no skipped slots), blockhashes that stay valid for
 * MAX_PROCESSING_AGE blocks and then expire, commitment levels (a transaction is `processed` when executed in the
 * working block, `confirmed` when that block is produced, `finalized` FINALIZATION_DEPTH blocks later), a status
 * cache of signatures, and notifications for subscriptions. Account reads show the latest processed state at every
 * commitment (LiteSVM keeps one state, not one per bank).
 */
export class LocalCluster {
  readonly genesisHash: string;
  private readonly svm: LiteSVM;
  private readonly now: () => Date;
  /** Height of the last produced (confirmed) block; the working block is `confirmedSlot + 1`. */
  private confirmedSlot = 0n;
  /** Blockhash → the height of the block that issued it. */
  private readonly blockhashes = new Map<string, bigint>();
  /** Issued blockhashes in order, to answer `finalized` reads and to forget expired ones. */
  private readonly blockhashOrder: { hash: string; height: bigint }[] = [];
  private readonly landed = new Map<string, Landed>();
  /** Landed transactions in full, for getTransaction and getSignaturesForAddress. */
  readonly history = new TransactionHistory(MAX_REMEMBERED_SIGNATURES);
  /** Signatures executed in the working block, confirmed when it is produced. */
  private pending: string[] = [];
  /** Confirmed but not yet finalized, oldest first. */
  private unfinalized: string[] = [];
  private readonly blockListeners = new Set<BlockListener>();
  private readonly signatureListeners = new Set<SignatureListener>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: LocalClusterOptions = {}) {
    this.now = options.now ?? (() => new Date());
    // The cluster checks blockhash age itself (LiteSVM only accepts its single latest one).
    this.svm = new LiteSVM().withBlockhashCheck(false);
    this.genesisHash = base58.decode(createHash('sha256').update(randomBytes(32)).digest());
    this.advanceClock();
    this.issueBlockhash();
    const slotMs = options.slotMs ?? 400;
    if (slotMs > 0) {
      this.timer = setInterval(() => this.produceBlocks(1), slotMs);
      this.timer.unref?.();
    }
  }

  /** Stops block production. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.blockListeners.clear();
    this.signatureListeners.clear();
  }

  slot(commitment: Commitment = 'confirmed'): bigint {
    if (commitment === 'processed') return this.confirmedSlot + 1n;
    if (commitment === 'finalized') return this.confirmedSlot > BigInt(FINALIZATION_DEPTH) ? this.confirmedSlot - BigInt(FINALIZATION_DEPTH) : 0n;
    return this.confirmedSlot;
  }

  /** Block height equals slot here: every slot produces a block. */
  blockHeight(commitment: Commitment = 'confirmed'): bigint {
    return this.slot(commitment);
  }

  latestBlockhash(commitment: Commitment = 'confirmed'): { blockhash: string; lastValidBlockHeight: bigint } {
    const limit = this.slot(commitment);
    for (let i = this.blockhashOrder.length - 1; i >= 0; i -= 1) {
      const entry = this.blockhashOrder[i]!;
      if (entry.height <= limit) return { blockhash: entry.hash, lastValidBlockHeight: entry.height + BigInt(MAX_PROCESSING_AGE) };
    }
    const first = this.blockhashOrder[0]!;
    return { blockhash: first.hash, lastValidBlockHeight: first.height + BigInt(MAX_PROCESSING_AGE) };
  }

  /** Whether a transaction with this blockhash could still land in the working block. */
  isBlockhashValid(blockhash: string): boolean {
    const height = this.blockhashes.get(blockhash);
    return height !== undefined && this.confirmedSlot + 1n <= height + BigInt(MAX_PROCESSING_AGE);
  }

  /** Produces `count` blocks now: confirms what the working block holds, finalizes what is deep enough, issues a blockhash. */
  produceBlocks(count: number): void {
    for (let produced = 0; produced < count; produced += 1) {
      this.confirmedSlot += 1n;
      const confirmed = this.pending;
      this.pending = [];
      this.unfinalized.push(...confirmed);
      this.advanceClock();
      this.issueBlockhash();
      for (const signature of confirmed) this.emitSignature(signature);
      const finalizedSlot = this.slot('finalized');
      while (this.unfinalized.length > 0) {
        const oldest = this.unfinalized[0]!;
        const status = this.landed.get(oldest);
        if (status && status.slot > finalizedSlot) break;
        this.unfinalized.shift();
        if (status) this.emitSignature(oldest);
      }
      for (const listener of this.blockListeners) listener({ slot: this.confirmedSlot, confirmedSlot: this.confirmedSlot, finalizedSlot });
    }
  }

  onBlock(listener: BlockListener): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }

  /** Called whenever a signature reaches a new commitment (processed, confirmed, finalized). */
  onSignature(listener: SignatureListener): () => void {
    this.signatureListeners.add(listener);
    return () => this.signatureListeners.delete(listener);
  }

  signatureStatus(signature: string): SignatureStatus | null {
    const landed = this.landed.get(signature);
    if (!landed) return null;
    const confirmedSlot = this.confirmedSlot;
    if (landed.slot > confirmedSlot) return { slot: landed.slot, err: landed.err, confirmationStatus: 'processed', confirmations: 0 };
    if (landed.slot <= this.slot('finalized')) return { slot: landed.slot, err: landed.err, confirmationStatus: 'finalized', confirmations: null };
    return { slot: landed.slot, err: landed.err, confirmationStatus: 'confirmed', confirmations: Number(confirmedSlot - landed.slot) };
  }

  getAccount(owner: string): { lamports: bigint; data: Uint8Array; owner: string; executable: boolean; space: bigint } | null {
    const account = this.svm.getAccount(toAddress(owner));
    if (!account.exists) return null;
    return { lamports: account.lamports, data: account.data as Uint8Array, owner: account.programAddress, executable: account.executable, space: account.space };
  }

  /** Every account owned by `programId` (LiteSVM scans them all; the sandbox holds few). */
  getProgramAccounts(programId: string): { pubkey: string; lamports: bigint; data: Uint8Array; owner: string; executable: boolean; space: bigint }[] {
    return this.svm.getProgramAccounts(toAddress(programId)).map((account) => ({
      pubkey: account.address,
      lamports: account.lamports,
      data: account.data as Uint8Array,
      owner: account.programAddress,
      executable: account.executable,
      space: account.space,
    }));
  }

  getBalance(owner: string): bigint {
    return this.svm.getBalance(toAddress(owner)) ?? 0n;
  }

  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(dataLength);
  }

  /**
   * The fee of a compiled message (base fee per signature plus the compute-unit price it asks for), or `null` when its
   * blockhash is unknown or expired — as the RPC's getFeeForMessage answers.
   */
  feeForMessage(messageBytes: Uint8Array): bigint | null {
    const { blockhash, fee } = messageFee(messageBytes);
    return this.isBlockhashValid(blockhash) ? fee : null;
  }

  /** Runs a wire-format transaction against the current state without committing it. */
  simulateTransaction(wire: Uint8Array, options: { replaceRecentBlockhash?: boolean; sigVerify?: boolean } = {}): SimulationResult {
    const { transaction, blockhash } = decodeTransaction(wire);
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(blockhash)) return failed(namedTransactionError('BlockhashNotFound'), [], 0n);
    const result = this.simulateRaw(transaction, options.sigVerify ?? false);
    if (result instanceof FailedTransactionMetadata) {
      const described = describeTransactionError(result.err());
      const meta = result.meta();
      return failed(described, meta.logs(), meta.computeUnitsConsumed());
    }
    const meta = result.meta();
    return { err: null, errText: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
  }

  /**
   * Simulates like `simulateTransaction` and also returns every account the transaction wrote, before and after (the
   * product API's simulation turns them into asset movements).
   */
  simulateWithAccounts(wire: Uint8Array): { result: SimulationResult; accounts: AccountChange[] } {
    const { transaction, blockhash } = decodeTransaction(wire);
    if (!this.isBlockhashValid(blockhash)) return { result: failed(namedTransactionError('BlockhashNotFound'), [], 0n), accounts: [] };
    const simulated = this.simulateRaw(transaction, false);
    if (simulated instanceof FailedTransactionMetadata) {
      const meta = simulated.meta();
      return { result: failed(describeTransactionError(simulated.err()), meta.logs(), meta.computeUnitsConsumed()), accounts: [] };
    }
    const meta = simulated.meta();
    const accounts = simulated.postAccounts().map((after): AccountChange => {
      const before = this.getAccount(after.address);
      return {
        address: after.address,
        before: before ? { lamports: before.lamports, data: before.data, owner: before.owner } : null,
        after: { lamports: after.lamports, data: after.data as Uint8Array, owner: after.programAddress },
      };
    });
    return { result: { err: null, errText: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() }, accounts };
  }

  /**
   * Sends a wire-format transaction: preflight (unless skipped), then execution in the working block. A transaction
   * that fails on chain still lands (its fee is charged) with its error in its status. Resolves to its signature.
   */
  sendTransaction(wire: Uint8Array, options: SendOptions = {}): string {
    const { transaction, blockhash, signature } = decodeTransaction(wire);
    const blockhashValid = this.isBlockhashValid(blockhash);
    if (!options.skipPreflight) {
      if (!blockhashValid) throw new PreflightError(-32002, 'Transaction simulation failed: Blockhash not found', failed(namedTransactionError('BlockhashNotFound'), [], 0n));
      if (this.landed.has(signature)) {
        throw new PreflightError(-32002, 'Transaction simulation failed: This transaction has already been processed', failed(namedTransactionError('AlreadyProcessed'), [], 0n));
      }
      const simulation = this.simulateTransaction(wire, { sigVerify: true });
      if (simulation.err === 'SignatureFailure') throw new PreflightError(-32003, 'Transaction signature verification failure', simulation);
      if (simulation.err !== null) throw new PreflightError(-32002, `Transaction simulation failed: ${simulation.errText}`, simulation);
    }
    // Without preflight, what a validator would drop never lands: the sender learns it only by the blockhash expiring.
    if (!blockhashValid || this.landed.has(signature)) return signature;
    return this.execute(wire, transaction, signature);
  }

  /** Runs a decoded transaction in the working block and records it (status, accounts before and after, fee, logs). */
  private execute(wire: Uint8Array, transaction: Transaction, signature: string): string {
    const { keys, signatures } = accountKeysOf(wire);
    const pre = keys.map((key) => this.accountState(key.address));
    const result = this.svm.sendTransaction(transaction);
    let err: RpcTransactionError | null = null;
    if (result instanceof FailedTransactionMetadata) {
      const failure = result.err();
      // A transaction that cannot even pay its fee is dropped by the leader, not recorded.
      if (typeof failure === 'number' && isDroppedError(failure)) return signature;
      err = describeTransactionError(failure).json;
    }
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
    this.land(signature, err);
    const record: RecordedTransaction = {
      signature,
      signatures,
      slot: this.confirmedSlot + 1n,
      blockTime: Math.floor(this.now().getTime() / 1000),
      err,
      wire,
      fee: messageFee(new Uint8Array(transaction.messageBytes)).fee,
      accountKeys: keys,
      pre,
      post: keys.map((key) => this.accountState(key.address)),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
    };
    this.history.record(record);
    return signature;
  }

  private accountState(address: string): AccountState {
    const account = this.getAccount(address);
    return account ? { lamports: account.lamports, data: new Uint8Array(account.data), owner: account.owner } : null;
  }

  /** Credits lamports out of thin air (the faucet), as a transaction landing in the working block. */
  airdrop(to: string, lamports: bigint): string {
    const recipient = new PublicKey(toAddress(to));
    // A faucet key of its own per airdrop (funded out of thin air by LiteSVM, unrecorded): the airdrop is then an
    // ordinary system transfer that the recipient's history shows, and two equal airdrops never share a signature.
    const faucet = Keypair.generate();
    // The faucet keeps its rent-exempt minimum: a transfer may not leave a funded account below it (a few lamports
    // sent to an address that holds some would otherwise fail on the faucet's side).
    const rentFloor = this.svm.minimumBalanceForRentExemption(0n);
    const funded = this.svm.airdrop(toAddress(faucet.publicKey.toBase58()), toLamports(lamports + LAMPORTS_PER_SIGNATURE + rentFloor));
    if (funded === null || funded instanceof FailedTransactionMetadata) {
      throw new Error(`airdrop failed: ${funded ? describeTransactionError(funded.err()).text : 'no result'}`);
    }
    const transfer = new LegacyTransaction({ feePayer: faucet.publicKey, recentBlockhash: this.latestBlockhash('processed').blockhash }).add(
      SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: recipient, lamports }),
    );
    transfer.sign(faucet);
    const wire = new Uint8Array(transfer.serialize());
    const { transaction, signature } = decodeTransaction(wire);
    this.execute(wire, transaction, signature);
    const status = this.landed.get(signature);
    if (!status || status.err !== null) throw new Error(`airdrop failed: ${status ? JSON.stringify(status.err) : 'the transfer was dropped'}`);
    return signature;
  }

  /** LiteSVM's simulation, with signature verification on or off for this one call (unsigned transactions can be simulated). */
  private simulateRaw(transaction: Transaction, sigVerify: boolean): ReturnType<LiteSVM['simulateTransaction']> {
    if (sigVerify) return this.svm.simulateTransaction(transaction);
    this.svm.withSigverify(false);
    try {
      return this.svm.simulateTransaction(transaction);
    } finally {
      this.svm.withSigverify(true);
    }
  }

  private land(signature: string, err: RpcTransactionError | null): void {
    this.landed.set(signature, { slot: this.confirmedSlot + 1n, err });
    if (this.landed.size > MAX_REMEMBERED_SIGNATURES) {
      const oldest = this.landed.keys().next().value;
      if (oldest !== undefined) this.landed.delete(oldest);
    }
    this.pending.push(signature);
    this.emitSignature(signature);
  }

  private emitSignature(signature: string): void {
    const status = this.signatureStatus(signature);
    if (!status) return;
    for (const listener of this.signatureListeners) listener(signature, status);
  }

  private advanceClock(): void {
    const working = this.confirmedSlot + 1n;
    this.svm.setClock(new Clock(working, 0n, 0n, 1n, BigInt(Math.floor(this.now().getTime() / 1000))));
  }

  private issueBlockhash(): void {
    this.svm.expireBlockhash();
    const hash = this.svm.latestBlockhash();
    this.blockhashes.set(hash, this.confirmedSlot);
    this.blockhashOrder.push({ hash, height: this.confirmedSlot });
    // Forget blockhashes that can never be used again (bounded memory), keeping the ones `finalized` reads may need.
    const horizon = this.confirmedSlot - BigInt(MAX_PROCESSING_AGE + FINALIZATION_DEPTH + 1);
    while (this.blockhashOrder.length > 1 && this.blockhashOrder[0]!.height < horizon) {
      this.blockhashes.delete(this.blockhashOrder.shift()!.hash);
    }
  }
}

function isDroppedError(err: number): boolean {
  // AccountNotFound (2), InsufficientFundsForFee (4), InvalidAccountForFee (5), SignatureFailure (11), SanitizeFailure (13)
  return err === 2 || err === 4 || err === 5 || err === 11 || err === 13;
}

function failed(error: { json: RpcTransactionError; text: string }, logs: string[], unitsConsumed: bigint): SimulationResult {
  return { err: error.json, errText: error.text, logs, unitsConsumed };
}

