import { FEE_LOOKUP_RETRIES, TRANSACTION_CONFIRMATION_TIMEOUT_MS } from '@latchkey/protocol/constants';
import type { TransactionSimulation } from '@latchkey/protocol';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Timers } from '../../logger/createLogger.js';
import { retry } from '../../retry/retry.js';
import type { SolanaSigner } from '../../signer/SolanaSigner.js';

/** Waiting time between two fee lookups. */
export const FEE_RETRY_DELAY_MS = 1000;
/** How long one fee lookup may take before it counts as failed ('Timeout') and is retried. */
export const FEE_LOOKUP_TIMEOUT_MS = 10_000;

/** A transaction built for one signer, not yet signed: wire bytes plus what the cluster needs to judge it. */
export interface PreparedTransaction {
  /** Serialized, unsigned (the signer's slot empty). */
  readonly transaction: Uint8Array;
  readonly blockhash: string;
  /** The block height after which the blockhash is no longer accepted. */
  readonly lastValidBlockHeight: number;
  /** Lamports the transaction moves out of the fee payer besides the fee (the SOL amount, a new token account's rent). */
  readonly lamportsNeeded: bigint;
  /** The fee payer's balance when it was built. */
  readonly lamportsAvailable: bigint;
}

/**
 * What the machine needs from a cluster, byte-based so this file needs no @solana/web3.js: the real port lives behind
 * `@latchkey/headless/solana` (`createSolanaTransferPort`), tests give their own.
 */
export interface SolanaTransferPort<Request> {
  /** Builds the transaction for `request` with a fresh blockhash; throws typed errors for bad requests. */
  prepare(request: Request, payer: string): Promise<PreparedTransaction>;
  /** The fee of the prepared message, or null when the cluster cannot tell (retried up to 5 times). */
  getFee(prepared: PreparedTransaction): Promise<bigint | null>;
  /** The product API's simulation for the review screen; undefined when unavailable. */
  simulate?(prepared: PreparedTransaction, payer: string): Promise<TransactionSimulation | undefined>;
  /**
   * The product API's optimizeTransaction (SPEC §7), when enabled: takes the built, unsigned transaction and returns
   * the one to estimate, review and sign (possibly unchanged). It runs before signing because a changed message would
   * invalidate any signature made over the old one. The answer is signed as it is, so the port must refuse one that does
   * more than set the compute budget (the real port: the same fee payer, signers, blockhash and instructions besides
   * ComputeBudget ones, else `invalid_response`) — `lamportsNeeded` stays the built transaction's.
   */
  optimize?(unsigned: Uint8Array, payer: string): Promise<Uint8Array>;
  /** Sends signed bytes; resolves to the signature. Rejects `transaction_failed` (preflight) or `transaction_expired`. */
  sendRaw(signed: Uint8Array): Promise<string>;
  /**
   * Resolves when the signature is confirmed at `confirmed`; rejects `transaction_failed` (with the program error as
   * cause) when it landed failed, `transaction_expired` when the block height passed `lastValidBlockHeight` first.
   */
  confirm(signature: string, prepared: PreparedTransaction, signal: AbortSignal): Promise<void>;
}

export interface SendTransactionInput<Request> {
  port: SolanaTransferPort<Request>;
  signer: SolanaSigner;
  /** Pass each built transaction through the port's `optimize` before its fee is looked up and it is signed. */
  optimize?: boolean;
  /** Timers of the fee lookup's retries (default the global ones; a `SimulatedClock` in tests). */
  timers?: Timers;
}

export interface SendTransactionContext<Request> {
  port: SolanaTransferPort<Request>;
  signer: SolanaSigner;
  optimize: boolean;
  request: Request | undefined;
  prepared: PreparedTransaction | undefined;
  fee: bigint | undefined;
  timers: Timers | undefined;
  simulation: TransactionSimulation | undefined;
  /** The signed bytes, kept so a send the network cut off is retried with the same transaction (same signature). */
  signed: Uint8Array | undefined;
  signature: string | undefined;
  error: LatchkeyError | undefined;
}

export type SendTransactionEvent<Request> =
  | { type: 'user.prepare'; request: Request }
  | { type: 'user.confirm' }
  | { type: 'user.resign' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const RESET = { request: undefined, prepared: undefined, fee: undefined, simulation: undefined, signed: undefined, signature: undefined, error: undefined } as const;

type AnyRequest = unknown;
type Port = SolanaTransferPort<AnyRequest>;

/**
 * Send and confirm one Solana transaction (SPEC §4): preparing (build with a fresh blockhash, then the product API's
 * optimizeTransaction when enabled) → estimatingFee (getFeeForMessage through the retry helper: retried up to 5 times, FEE_RETRY_DELAY_MS
 * apart) → the funds check ('Insufficient funds.' before anything is signed) → review (simulation shown;
 * `user.confirm`) → signing (by the SolanaSigner) → sending (raw) → confirming at `confirmed` → done. A failed
 * transaction is 'Transaction failed' (program error in `cause`); no confirmation within 60 s is 'Transaction timed
 * out'; an expired blockhash is `expired`, from which `user.resign` builds again with a fresh blockhash. An unreachable
 * network is `network_error` and `user.retry` picks up where it broke: the same request built again, signed again,
 * the same signed bytes sent again, or the same signature confirmed again. Timers use `after`, so a simulated clock drives them.
 */
export const sendTransactionMachine = setup({
  types: {
    context: {} as SendTransactionContext<AnyRequest>,
    events: {} as SendTransactionEvent<AnyRequest>,
    input: {} as SendTransactionInput<AnyRequest>,
    tags: {} as 'busy' | 'error' | 'composing',
  },
  actors: {
    prepare: fromPromise<PreparedTransaction, { port: Port; request: AnyRequest; payer: string; optimize: boolean }>(async ({ input }) => {
      const prepared = await input.port.prepare(input.request, input.payer);
      if (!input.optimize || !input.port.optimize) return prepared;
      return { ...prepared, transaction: await input.port.optimize(prepared.transaction, input.payer) };
    }),
    // The fee lookup through the generic retry helper (SPEC §9): retried up to FEE_LOOKUP_RETRIES (5) times,
    // FEE_RETRY_DELAY_MS apart, each try limited to FEE_LOOKUP_TIMEOUT_MS; a cluster that cannot tell (null) is a
    // failed try. All failed: 'Max retries reached', the last failure as its cause.
    getFee: fromPromise<bigint, { port: Port; prepared: PreparedTransaction; timers: Timers | undefined }>(({ input, signal }) =>
      retry(
        async () => {
          const fee = await input.port.getFee(input.prepared);
          if (fee === null) throw new LatchkeyError('rpc_error', { message: 'The cluster could not tell the fee.' });
          return fee;
        },
        { retries: FEE_LOOKUP_RETRIES, timeoutMs: FEE_LOOKUP_TIMEOUT_MS, delayMs: FEE_RETRY_DELAY_MS, signal, ...(input.timers ? { timers: input.timers } : {}) },
      ),
    ),
    simulate: fromPromise<TransactionSimulation | undefined, { port: Port; prepared: PreparedTransaction; payer: string }>(async ({ input }) => {
      // The review screen works without a simulation: its failure is not the transfer's.
      try {
        return await input.port.simulate?.(input.prepared, input.payer);
      } catch {
        return undefined;
      }
    }),
    sign: fromPromise<Uint8Array, { signer: SolanaSigner; prepared: PreparedTransaction }>(({ input }) => input.signer.signTransaction(input.prepared.transaction)),
    send: fromPromise<string, { port: Port; signed: Uint8Array }>(({ input }) => input.port.sendRaw(input.signed)),
    confirm: fromPromise<void, { port: Port; signature: string; prepared: PreparedTransaction }>(({ input, signal }) =>
      input.port.confirm(input.signature, input.prepared, signal),
    ),
  },
  actions: {
    assignRequest: assign((_, params: { request: AnyRequest }) => ({ ...RESET, request: params.request })),
    assignPrepared: assign((_, params: { prepared: PreparedTransaction }) => ({ prepared: params.prepared, fee: undefined, error: undefined })),
    assignFee: assign((_, params: { fee: bigint }) => ({ fee: params.fee })),
    assignInsufficientFunds: assign(() => ({ error: new LatchkeyError('insufficient_funds') })),
    assignSimulation: assign((_, params: { simulation: TransactionSimulation | undefined }) => ({ simulation: params.simulation })),
    assignSigned: assign((_, params: { signed: Uint8Array }) => ({ signed: params.signed })),
    assignSignature: assign((_, params: { signature: string }) => ({ signature: params.signature })),
    clearError: assign({ error: undefined }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    assignTimedOut: assign(() => ({ error: new LatchkeyError('transaction_timed_out') })),
    assignExpired: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    clearForResign: assign({ prepared: undefined, fee: undefined, signed: undefined, signature: undefined, error: undefined }),
    reset: assign(RESET),
  },
  guards: {
    hasFunds: ({ context }) =>
      context.prepared !== undefined && context.fee !== undefined && context.prepared.lamportsAvailable >= context.prepared.lamportsNeeded + context.fee,
    isExpired: (_, params: { error: unknown }) => params.error instanceof LatchkeyError && params.error.code === 'transaction_expired',
    canRetryPrepare: ({ context }) => context.request !== undefined && context.error?.code === 'network_error',
    // The signer could not be reached (a custody wallet signs over the network): nothing was signed yet.
    canResign: ({ context }) => context.signed === undefined && context.prepared !== undefined && context.error?.code === 'network_error',
    // Sent or not, the same signed bytes: the cluster takes a transaction once, so a resend cannot pay twice.
    canResend: ({ context }) => context.signed !== undefined && context.signature === undefined && context.error?.code === 'network_error',
    canReconfirm: ({ context }) => context.signature !== undefined && context.error?.code === 'network_error',
  },
  delays: {
    confirmationTimeout: TRANSACTION_CONFIRMATION_TIMEOUT_MS,
  },
}).createMachine({
  id: 'sendTransaction',
  context: ({ input }) => ({ port: input.port, signer: input.signer, optimize: input.optimize ?? false, timers: input.timers, ...RESET }),
  initial: 'idle',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    idle: {
      tags: ['composing'],
      on: { 'user.prepare': { target: 'preparing', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } } },
    },
    preparing: {
      tags: ['busy', 'composing'],
      invoke: {
        src: 'prepare',
        input: ({ context }) => ({ port: context.port, request: context.request, payer: context.signer.address, optimize: context.optimize }),
        onDone: { target: 'estimatingFee', actions: { type: 'assignPrepared', params: ({ event }) => ({ prepared: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'assignError', params: errorParams } },
      },
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
    },
    estimatingFee: {
      tags: ['busy', 'composing'],
      invoke: {
        src: 'getFee',
        input: ({ context }) => ({ port: context.port, prepared: context.prepared as PreparedTransaction, timers: context.timers }),
        onDone: { target: 'checkingFunds', actions: { type: 'assignFee', params: ({ event }) => ({ fee: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'assignError', params: errorParams } },
      },
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
    },
    checkingFunds: {
      tags: ['composing'],
      always: [{ guard: 'hasFunds', target: 'simulating' }, { target: 'invalid', actions: 'assignInsufficientFunds' }],
    },
    simulating: {
      tags: ['busy', 'composing'],
      invoke: {
        src: 'simulate',
        input: ({ context }) => ({ port: context.port, prepared: context.prepared as PreparedTransaction, payer: context.signer.address }),
        onDone: { target: 'review', actions: { type: 'assignSimulation', params: ({ event }) => ({ simulation: event.output }) } },
      },
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
    },
    review: {
      on: {
        'user.confirm': 'signing',
        'user.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        src: 'sign',
        input: ({ context }) => ({ signer: context.signer, prepared: context.prepared as PreparedTransaction }),
        onDone: { target: 'sending', actions: { type: 'assignSigned', params: ({ event }) => ({ signed: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
      // A wallet that never answers (its prompt closed, or lost behind the page): back to the review, nothing sent. A
      // signature that comes after is dropped with the stopped signing.
      on: { 'user.cancel': 'review' },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'send',
        input: ({ context }) => ({ port: context.port, signed: context.signed as Uint8Array }),
        onDone: { target: 'confirming', actions: { type: 'assignSignature', params: ({ event }) => ({ signature: event.output }) } },
        onError: [
          { guard: { type: 'isExpired', params: errorParams }, target: 'expired', actions: { type: 'assignExpired', params: errorParams } },
          { target: 'failed', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ port: context.port, signature: context.signature as string, prepared: context.prepared as PreparedTransaction }),
        onDone: 'done',
        onError: [
          { guard: { type: 'isExpired', params: errorParams }, target: 'expired', actions: { type: 'assignExpired', params: errorParams } },
          { target: 'failed', actions: { type: 'assignError', params: errorParams } },
        ],
      },
      after: { confirmationTimeout: { target: 'timedOut', actions: 'assignTimedOut' } },
    },
    // A bad request, a fee that could not be looked up, 'Insufficient funds.', or the network down: nothing was signed.
    // `user.retry` builds the same request again when the network was the problem.
    invalid: {
      tags: ['error', 'composing'],
      on: {
        'user.prepare': { target: 'preparing', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } },
        'user.retry': { guard: 'canRetryPrepare', target: 'preparing', actions: 'clearError' },
      },
    },
    expired: {
      tags: ['error'],
      on: { 'user.resign': { target: 'preparing', actions: 'clearForResign' } },
    },
    // Left with `user.reset`.
    done: {},
    // `user.retry` after a network failure: signed again (nothing was signed), the same signed bytes sent again, or
    // the sent signature confirmed again.
    failed: {
      tags: ['error'],
      on: {
        'user.retry': [
          { guard: 'canResign', target: 'signing', actions: 'clearError' },
          { guard: 'canResend', target: 'sending', actions: 'clearError' },
          { guard: 'canReconfirm', target: 'confirming', actions: 'clearError' },
        ],
      },
    },
    timedOut: { tags: ['error'] },
  },
});

export type SendTransactionMachine = typeof sendTransactionMachine;

/** The flow's status (the machine's state). */
export function sendTransactionStatus(snapshot: SnapshotFrom<typeof sendTransactionMachine>): SendTransactionStatus {
  return snapshot.value as SendTransactionStatus;
}
export type SendTransactionActorRef = ActorRefFrom<typeof sendTransactionMachine>;
export type SendTransactionSnapshot = SnapshotFrom<typeof sendTransactionMachine>;
export type SendTransactionStatus =
  | 'idle'
  | 'preparing'
  | 'estimatingFee'
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
