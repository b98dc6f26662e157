// First: spl-token needs the Buffer global while its modules load.
import '../provideBufferGlobal.js';
import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token';
import { PublicKey, SystemProgram, Transaction, VersionedTransaction, type AccountInfo, type TransactionInstruction } from '@solana/web3.js';
import { DEFAULT_COMMITMENT, TRANSACTION_CONFIRMATION_TIMEOUT_MS } from '@latchkey/protocol/constants';
import { base58, base64 } from '@scure/base';
import { Buffer } from 'buffer';
import { optimizeSolanaTransaction } from '../../core/actions/optimizeSolanaTransaction.js';
import { simulateSolanaTransaction } from '../../core/actions/simulateSolanaTransaction.js';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';
import { isNetworkFailure } from '../../core/errors/toLatchkeyError.js';
import type { SolanaRpc } from '../rpc/createSolanaRpc.js';
import { SolanaRpcError } from '../rpc/createSolanaRpc.js';
import { toSolanaError } from '../toSolanaError.js';
import { checkOptimizedTransaction } from './checkOptimizedTransaction.js';
import type { PreparedTransaction, SolanaTransferPort } from '../../core/machines/sendTransaction/sendTransactionMachine.js';
import type { ApiClient } from '../../core/transport/createApi.js';
import { MULTIPLE_RECIPIENTS_PLACEHOLDER, validateSolanaAddress } from '../../core/validation/validateSolanaAddress.js';

/** A transfer of SOL (no `mint`) or of an SPL token (`mint`), `amount` in base units (lamports, token units). */
export interface SolanaTransferRequest {
  to: string;
  amount: bigint;
  mint?: string;
}

export interface CreateSolanaTransferPortParameters {
  /** The network's node (`createSolanaRpc`). */
  rpc: SolanaRpc;
  /** The product API client, for `/solana/simulateTransaction` and `/solana/optimizeTransaction`. */
  client?: ApiClient & { environmentId?: string };
  /** How often a sent transaction's status and the block height are asked while it confirms (default 400 ms). */
  confirmPollMs?: number;
}

const toBase64 = (bytes: Uint8Array): string => base64.encode(bytes);
const fromBase64 = (text: string): Uint8Array => base64.decode(text);
const commitment = { commitment: DEFAULT_COMMITMENT };

function publicKey(value: string | undefined, path: string): PublicKey {
  if (value === undefined || value === '') throw new LatchkeyError('destination_required', { path });
  validateSolanaAddress(value, path);
  if (value === MULTIPLE_RECIPIENTS_PLACEHOLDER) {
    throw new LatchkeyError('invalid_solana_address', { params: { reason: 'one transfer needs one destination, not the multiple-recipients placeholder' }, path });
  }
  try {
    return new PublicKey(value);
  } catch (cause) {
    throw new LatchkeyError('invalid_solana_address', { params: { reason: 'it is not a 32-byte public key' }, path, cause });
  }
}

/** An account as a node describes it with `encoding: 'base64'`. */
interface RpcAccount {
  data: [string, string];
  owner: string;
  lamports: number;
  executable: boolean;
  rentEpoch?: number;
}

/** The account as spl-token's readers take it (web3.js's `AccountInfo`). */
const accountInfo = (account: RpcAccount): AccountInfo<Buffer> => ({
  data: Buffer.from(account.data[0], 'base64'),
  owner: new PublicKey(account.owner),
  lamports: account.lamports,
  executable: account.executable,
  ...(account.rentEpoch === undefined ? {} : { rentEpoch: account.rentEpoch }),
});

/** What a preflight refusal says: the node's message and the simulation's logs and error. */
function preflightOf(error: SolanaRpcError): { message: string; logs: string[] | undefined; err: unknown } {
  const data = (error.data ?? {}) as { logs?: unknown; err?: unknown };
  return { message: error.message, logs: Array.isArray(data.logs) ? (data.logs as string[]) : undefined, err: data.err };
}

/**
 * A send or confirm failure as the kit's error: 'Transaction failed' with the program error and logs, expired, or
 * `network_error` when the cluster could not be reached.
 */
function sendFailure(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  if (error instanceof TypeError || isNetworkFailure(error)) return toSolanaError(error);
  if (error instanceof SolanaRpcError) {
    const { message, logs, err } = preflightOf(error);
    if (/Blockhash not found/i.test(message)) return new LatchkeyError('transaction_expired', { cause: error });
    return new LatchkeyError('transaction_failed', { cause: { error: { message, logs }, message, logs, err } });
  }
  return new LatchkeyError('transaction_failed', { cause: error });
}

/** The fee payer's signature of signed wire bytes: the transaction's id. */
function signatureOf(signed: Uint8Array): string {
  const [signature] = VersionedTransaction.deserialize(signed).signatures;
  if (!signature) throw new LatchkeyError('transaction_failed', { message: 'The signed transaction carries no signature.' });
  return base58.encode(signature);
}

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

interface SignatureStatus {
  confirmationStatus?: string | null;
  err: unknown;
}

/**
 * The send machine's port onto a real cluster: builds SOL and SPL transfers with `@solana/web3.js` and
 * `@solana/spl-token` (creating the recipient's associated token account when missing; 'Source token account not
 * found' when the sender has none), and talks to the node through `rpc`: looks up fees, sends raw bytes (preflight at
 * `confirmed`) and confirms at `confirmed` by asking the signature's status and the block height until it is confirmed
 * or the blockhash's last valid block height has passed. This module (with web3.js and spl-token) is what a transfer
 * loads: `useSendTransaction` imports it when the first transfer is prepared, `preloadSolanaTransfer` sooner.
 */
export function createSolanaTransferPort({ rpc, client, confirmPollMs = 400 }: CreateSolanaTransferPortParameters): SolanaTransferPort<SolanaTransferRequest> {
  if (!rpc) throw new LatchkeyError('transaction_and_connection_required');

  const accountsOf = async (keys: PublicKey[]) =>
    (await rpc.call<{ value: Array<RpcAccount | null> }>('getMultipleAccounts', [keys.map((key) => key.toBase58()), { ...commitment, encoding: 'base64' }])).value.map(
      (account) => (account ? accountInfo(account) : null),
    );

  /** Builds the transfer with a fresh blockhash (SPEC §5 rules); throws typed errors for bad requests. */
  async function build(request: SolanaTransferRequest, payer: string): Promise<PreparedTransaction> {
    if (!request || typeof request !== 'object') throw new LatchkeyError('transaction_and_connection_required');
    const from = publicKey(payer, 'from');
    const to = publicKey(request.to, 'to');
    if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
      throw new LatchkeyError('invalid_amount', { params: { reason: 'the amount must be more than zero' }, path: 'amount' });
    }
    const instructions: TransactionInstruction[] = [];
    let lamportsNeeded = 0n;
    if (request.mint === undefined) {
      instructions.push(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: request.amount }));
      lamportsNeeded = request.amount;
    } else {
      const mint = publicKey(request.mint, 'mint');
      const [mintAccount] = await accountsOf([mint]);
      const programId = mintAccount?.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
      if (!mintAccount || !mintAccount.owner.equals(programId)) {
        throw new LatchkeyError('account_not_found', { message: `Token mint ${request.mint} was not found.`, path: 'mint' });
      }
      const { decimals } = unpackMint(mint, mintAccount, programId);
      const source = getAssociatedTokenAddressSync(mint, from, true, programId);
      const destination = getAssociatedTokenAddressSync(mint, to, true, programId);
      const [sourceInfo, destinationInfo] = await accountsOf([source, destination]);
      if (!sourceInfo) throw new LatchkeyError('source_token_account_not_found');
      const sourceAccount = unpackAccount(source, sourceInfo, programId);
      if (sourceAccount.amount < request.amount) throw new LatchkeyError('insufficient_funds');
      if (!destinationInfo) {
        instructions.push(createAssociatedTokenAccountInstruction(from, destination, to, mint, programId));
        lamportsNeeded += BigInt(await rpc.call<number>('getMinimumBalanceForRentExemption', [sourceInfo.data.length, commitment]));
      }
      instructions.push(createTransferCheckedInstruction(source, mint, destination, from, request.amount, decimals, [], programId));
    }
    const [latest, balance] = await rpc.batch<{ value: unknown }>([
      ['getLatestBlockhash', [commitment]],
      ['getBalance', [from.toBase58(), commitment]],
    ]);
    const { blockhash, lastValidBlockHeight } = (latest?.value ?? {}) as { blockhash?: unknown; lastValidBlockHeight?: unknown };
    // The node's answers are checked before anything is built on them: a garbled one is the node's failure (rpc_error).
    if (typeof blockhash !== 'string' || blockhash === '' || typeof lastValidBlockHeight !== 'number' || typeof balance?.value !== 'number') {
      throw new LatchkeyError('rpc_error', { cause: { getLatestBlockhash: latest, getBalance: balance } });
    }
    const transaction = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(...instructions);
    return {
      transaction: transaction.serialize({ requireAllSignatures: false, verifySignatures: false }),
      blockhash,
      lastValidBlockHeight,
      lamportsNeeded,
      lamportsAvailable: BigInt(balance.value),
    };
  }

  return {
    async prepare(request, payer) {
      try {
        return await build(request, payer);
      } catch (error) {
        throw toSolanaError(error);
      }
    },

    async getFee(prepared) {
      const { message } = VersionedTransaction.deserialize(prepared.transaction);
      const { value } = await rpc
        .call<{ value: number | null }>('getFeeForMessage', [toBase64(message.serialize()), commitment])
        .catch((error: unknown) => Promise.reject(toSolanaError(error)));
      return value === null ? null : BigInt(value);
    },

    async simulate(prepared, payer) {
      if (!client) return undefined;
      return simulateSolanaTransaction(client, { chain: 'SOL', transactions: [toBase64(prepared.transaction)], accountAddress: payer });
    },

    async optimize(unsigned, payer) {
      if (!client) return unsigned;
      const { transaction } = await optimizeSolanaTransaction(client, {
        ...(client.environmentId ? { environmentId: client.environmentId } : {}),
        address: payer,
        transaction: toBase64(unsigned),
      });
      // Only ComputeBudget instructions may differ from what was built (and what the user reviews): the answer is
      // refused before its fee is looked up, before it is simulated, and before anything is signed.
      let optimized: Uint8Array;
      try {
        optimized = fromBase64(transaction);
      } catch (cause) {
        throw new LatchkeyError('invalid_response', { path: 'optimizedTransaction', cause });
      }
      return checkOptimizedTransaction(unsigned, optimized, payer);
    },

    async sendRaw(signed) {
      try {
        await rpc.call<unknown>('sendTransaction', [toBase64(signed), { encoding: 'base64', preflightCommitment: DEFAULT_COMMITMENT, maxRetries: 0 }]);
        // Accepted: what is confirmed is the transaction's own signature, whatever the node echoed (a null or another
        // string would be polled for in vain, and a transaction that landed reported as timed out).
        return signatureOf(signed);
      } catch (error) {
        // A resend after a lost answer: the first one landed, and this is its signature.
        if (error instanceof SolanaRpcError && /already been processed/i.test(error.message)) return signatureOf(signed);
        throw sendFailure(error);
      }
    },

    async confirm(signature, prepared: PreparedTransaction, signal) {
      // Bounded by the blockhash's life (the block height passing it), the caller's signal and, besides, by the time a
      // confirmation may take (SPEC §4: 60 s), in polls.
      const polls = Math.ceil(TRANSACTION_CONFIRMATION_TIMEOUT_MS / confirmPollMs) + 1;
      for (let poll = 0; poll < polls && !signal.aborted; poll++) {
        let status: SignatureStatus | null | undefined;
        let height: number;
        try {
          const [statuses, blockHeight] = await rpc.batch<unknown>([
            ['getSignatureStatuses', [[signature]]],
            ['getBlockHeight', [commitment]],
          ]);
          status = (statuses as { value: Array<SignatureStatus | null> }).value[0];
          height = blockHeight as number;
        } catch (error) {
          throw sendFailure(error);
        }
        if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
          if (status.err !== null && status.err !== undefined) throw new LatchkeyError('transaction_failed', { cause: { error: status.err, signature, status } });
          return;
        }
        if (height > prepared.lastValidBlockHeight) {
          throw new LatchkeyError('transaction_expired', { cause: new Error(`Signature ${signature} has expired: block height ${height} exceeded ${prepared.lastValidBlockHeight}.`) });
        }
        await pause(confirmPollMs, signal);
      }
      throw new LatchkeyError('transaction_timed_out');
    },
  };
}
