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
import {
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionExpiredBlockheightExceededError,
  VersionedTransaction,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import { DEFAULT_COMMITMENT } from '@latchkey/protocol/constants';
import { base58, base64 } from '@scure/base';
import { optimizeSolanaTransaction } from '../../core/actions/optimizeSolanaTransaction.js';
import { simulateSolanaTransaction } from '../../core/actions/simulateSolanaTransaction.js';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';
import { isNetworkFailure } from '../../core/errors/toLatchkeyError.js';
import { toSolanaError } from '../toSolanaError.js';
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
  connection: Connection;
  /** The product API client, for `/solana/simulateTransaction` and `/solana/optimizeTransaction`. */
  client?: ApiClient & { environmentId?: string };
}

const toBase64 = (bytes: Uint8Array): string => base64.encode(bytes);
const fromBase64 = (text: string): Uint8Array => base64.decode(text);

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

/**
 * A web3.js send or confirm failure as the kit's error: 'Transaction failed' with the program error, expired, or
 * `network_error` when the cluster could not be reached (web3.js keeps only the text of a failed fetch).
 */
function sendFailure(error: unknown, connection: Connection): Promise<LatchkeyError> | LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  if (error instanceof TypeError || isNetworkFailure(error)) return toSolanaError(error);
  if (error instanceof TransactionExpiredBlockheightExceededError) return new LatchkeyError('transaction_expired', { cause: error });
  if (error instanceof SendTransactionError) {
    if (/Blockhash not found/i.test(error.message)) return new LatchkeyError('transaction_expired', { cause: error });
    return error.getLogs(connection).then(
      (logs) => new LatchkeyError('transaction_failed', { cause: { error: error.transactionError, message: error.message, logs } }),
      () => new LatchkeyError('transaction_failed', { cause: error }),
    );
  }
  return new LatchkeyError('transaction_failed', { cause: error });
}

/** The fee payer's signature of signed wire bytes: the transaction's id. */
function signatureOf(signed: Uint8Array): string {
  const [signature] = VersionedTransaction.deserialize(signed).signatures;
  if (!signature) throw new LatchkeyError('transaction_failed', { message: 'The signed transaction carries no signature.' });
  return base58.encode(signature);
}

/**
 * The send machine's port onto a real cluster through `@solana/web3.js`: builds SOL and SPL transfers (creating the
 * recipient's associated token account when missing; 'Source token account not found' when the sender has none),
 * looks up fees, sends raw bytes and confirms at `confirmed` through the websocket signature subscription and the
 * block height.
 */
export function createSolanaTransferPort({ connection, client }: CreateSolanaTransferPortParameters): SolanaTransferPort<SolanaTransferRequest> {
  if (!connection) throw new LatchkeyError('transaction_and_connection_required');

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
      const mintAccount = await connection.getAccountInfo(mint, DEFAULT_COMMITMENT);
      const programId = mintAccount?.owner.equals(TOKEN_2022_PROGRAM_ID) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
      if (!mintAccount || !mintAccount.owner.equals(programId)) {
        throw new LatchkeyError('account_not_found', { message: `Token mint ${request.mint} was not found.`, path: 'mint' });
      }
      const { decimals } = unpackMint(mint, mintAccount, programId);
      const source = getAssociatedTokenAddressSync(mint, from, true, programId);
      const destination = getAssociatedTokenAddressSync(mint, to, true, programId);
      const [sourceInfo, destinationInfo] = await connection.getMultipleAccountsInfo([source, destination], DEFAULT_COMMITMENT);
      if (!sourceInfo) throw new LatchkeyError('source_token_account_not_found');
      const sourceAccount = unpackAccount(source, sourceInfo, programId);
      if (sourceAccount.amount < request.amount) throw new LatchkeyError('insufficient_funds');
      if (!destinationInfo) {
        instructions.push(createAssociatedTokenAccountInstruction(from, destination, to, mint, programId));
        lamportsNeeded += BigInt(await connection.getMinimumBalanceForRentExemption(sourceInfo.data.length, DEFAULT_COMMITMENT));
      }
      instructions.push(createTransferCheckedInstruction(source, mint, destination, from, request.amount, decimals, [], programId));
    }
    const [latest, balance] = await Promise.all([connection.getLatestBlockhash(DEFAULT_COMMITMENT), connection.getBalance(from, DEFAULT_COMMITMENT)]);
    const transaction = new Transaction({ feePayer: from, blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight }).add(...instructions);
    return {
      transaction: transaction.serialize({ requireAllSignatures: false, verifySignatures: false }),
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
      lamportsNeeded,
      lamportsAvailable: BigInt(balance),
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
      const { value } = await connection.getFeeForMessage(message, DEFAULT_COMMITMENT).catch((error: unknown) => Promise.reject(toSolanaError(error)));
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
      return fromBase64(transaction);
    },

    async sendRaw(signed) {
      try {
        return await connection.sendRawTransaction(signed, { preflightCommitment: DEFAULT_COMMITMENT, maxRetries: 0 });
      } catch (error) {
        // A resend after a lost answer: the first one landed, and this is its signature.
        if (error instanceof SendTransactionError && /already been processed/i.test(error.message)) return signatureOf(signed);
        throw await sendFailure(error, connection);
      }
    },

    async confirm(signature, prepared: PreparedTransaction, signal) {
      let result;
      try {
        result = await connection.confirmTransaction(
          { signature, blockhash: prepared.blockhash, lastValidBlockHeight: prepared.lastValidBlockHeight, abortSignal: signal },
          DEFAULT_COMMITMENT,
        );
      } catch (error) {
        throw await sendFailure(error, connection);
      }
      if (result.value.err !== null) {
        const transaction = await connection.getSignatureStatus(signature).catch(() => undefined);
        throw new LatchkeyError('transaction_failed', { cause: { error: result.value.err, signature, status: transaction?.value ?? undefined } });
      }
    },
  };
}
