import { getBase58Decoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { z } from 'zod';
import { INVALID_PARAMS, parseParams, RpcError, type MethodTable } from './jsonRpc.js';
import type { Commitment } from './clusterTypes.js';
import type { LocalCluster } from './localCluster.js';
import { decodeMint, decodeTokenAccount, isTokenProgram, TOKEN_PROGRAM_ID, uiTokenAmount } from './parsedAccount.js';
import type { AccountState, RecordedTransaction } from './transactionHistory.js';

// getTransaction and getSignaturesForAddress over the cluster's transaction history, in the RPC's shapes (json,
// jsonParsed, base64 and base58 encodings; system and SPL token transfers parsed, other instructions raw).

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWbjERjFQtCrrT7A';
const MAX_SIGNATURES_LIMIT = 1000;
const base58 = getBase58Decoder();
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

const signatureSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid param: Invalid');
const readCommitment = z.enum(['processed', 'confirmed', 'finalized']);

/** History is read at `confirmed` or `finalized` only, as the RPC answers. */
function historyCommitment(commitment: Commitment | undefined): 'confirmed' | 'finalized' {
  if (commitment === 'processed') throw new RpcError(INVALID_PARAMS, 'Invalid params: Method does not support commitment below `confirmed`');
  return commitment ?? 'finalized';
}
const transactionConfig = z.object({
  encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
  commitment: readCommitment.optional(),
  maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
});
const signaturesConfig = z.object({
  limit: z.number().int().min(1).max(MAX_SIGNATURES_LIMIT).optional(),
  before: signatureSchema.optional(),
  until: signatureSchema.optional(),
  commitment: readCommitment.optional(),
  minContextSlot: z.number().int().nonnegative().optional(),
});

function u32(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}
function u64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

/** The `jsonParsed` rendering of a system or SPL token instruction the kit reads, or `null` for the raw form. */
function parseInstruction(program: string, accounts: string[], data: Uint8Array, decimalsOf: (mint: string) => number | null): { program: string; parsed: unknown } | null {
  if (program === SYSTEM_PROGRAM && data.length >= 4) {
    const kind = u32(data, 0);
    if (kind === 2 && data.length >= 12) return { program: 'system', parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports: u64(data, 4) } } };
    if (kind === 0 && data.length >= 52) {
      const owner = base58.decode(data.subarray(20, 52));
      return { program: 'system', parsed: { type: 'createAccount', info: { source: accounts[0], newAccount: accounts[1], lamports: u64(data, 4), space: u64(data, 12), owner } } };
    }
    return null;
  }
  if (isTokenProgram(program) && data.length >= 1) {
    const name = program === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022';
    if (data[0] === 3 && data.length >= 9) {
      return { program: name, parsed: { type: 'transfer', info: { source: accounts[0], destination: accounts[1], authority: accounts[2], amount: u64(data, 1).toString() } } };
    }
    if (data[0] === 12 && data.length >= 10) {
      const mint = accounts[1] ?? '';
      const decimals = decimalsOf(mint) ?? data[9]!;
      return {
        program: name,
        parsed: { type: 'transferChecked', info: { source: accounts[0], mint, destination: accounts[2], authority: accounts[3], tokenAmount: uiTokenAmount(u64(data, 1), decimals) } },
      };
    }
    return null;
  }
  if (program === ASSOCIATED_TOKEN_PROGRAM && (data.length === 0 || data[0] === 0 || data[0] === 1)) {
    const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
    return { program: 'spl-associated-token-account', parsed: { type: data[0] === 1 ? 'createIdempotent' : 'create', info: { source, account, wallet, mint, systemProgram, tokenProgram } } };
  }
  return null;
}

/** Token balances of the token accounts among the keys, in the RPC's `preTokenBalances`/`postTokenBalances` form. */
function tokenBalances(states: readonly AccountState[], decimalsOf: (mint: string) => number | null) {
  return states.flatMap((state, accountIndex) => {
    if (!state || !isTokenProgram(state.owner)) return [];
    const token = decodeTokenAccount(state.data);
    const decimals = token ? decimalsOf(token.mint) : null;
    if (!token || token.state === 'uninitialized' || decimals === null) return [];
    return [{ accountIndex, mint: token.mint, owner: token.owner, programId: state.owner, uiTokenAmount: uiTokenAmount(token.amount, decimals) }];
  });
}

export function createHistoryMethods(cluster: LocalCluster): MethodTable {
  const decimalsOf = (mint: string): number | null => {
    const account = cluster.getAccount(mint);
    return account && isTokenProgram(account.owner) ? (decodeMint(account.data)?.decimals ?? null) : null;
  };
  const visible = (record: RecordedTransaction, commitment: Commitment) => record.slot <= cluster.slot(commitment);

  function render(record: RecordedTransaction, encoding: 'json' | 'jsonParsed' | 'base64' | 'base58', maxVersion: number | undefined) {
    const transaction = transactionDecoder.decode(record.wire);
    const message = messageDecoder.decode(transaction.messageBytes);
    const version = message.version === 'legacy' ? 'legacy' : message.version;
    if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) {
      throw new RpcError(
        -32015,
        `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
      );
    }
    const keys = record.accountKeys.map((key) => key.address);
    const instructions = ('instructions' in message ? message.instructions : []).map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: new Uint8Array(instruction.data ?? new Uint8Array()),
    }));
    let rendered: unknown;
    if (encoding === 'base64') rendered = [Buffer.from(record.wire).toString('base64'), 'base64'];
    else if (encoding === 'base58') rendered = [base58.decode(record.wire), 'base58'];
    else if (encoding === 'json') {
      rendered = {
        signatures: record.signatures,
        message: {
          header: message.header,
          accountKeys: keys,
          recentBlockhash: message.lifetimeToken,
          instructions: instructions.map((instruction) => ({ ...instruction, data: base58.decode(instruction.data), stackHeight: null })),
        },
      };
    } else {
      rendered = {
        signatures: record.signatures,
        message: {
          accountKeys: record.accountKeys.map((key) => ({ pubkey: key.address, signer: key.signer, writable: key.writable, source: 'transaction' })),
          recentBlockhash: message.lifetimeToken,
          instructions: instructions.map((instruction) => {
            const programId = keys[instruction.programIdIndex] ?? '';
            const accounts = instruction.accounts.map((index) => keys[index] ?? '');
            const parsed = parseInstruction(programId, accounts, instruction.data, decimalsOf);
            return parsed ? { ...parsed, programId, stackHeight: null } : { programId, accounts, data: base58.decode(instruction.data), stackHeight: null };
          }),
        },
      };
    }
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      transaction: rendered,
      meta: {
        err: record.err,
        status: record.err === null ? { Ok: null } : { Err: record.err },
        fee: record.fee,
        preBalances: record.pre.map((state) => state?.lamports ?? 0n),
        postBalances: record.post.map((state) => state?.lamports ?? 0n),
        innerInstructions: [],
        logMessages: record.logs,
        preTokenBalances: tokenBalances(record.pre, decimalsOf),
        postTokenBalances: tokenBalances(record.post, decimalsOf),
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: record.computeUnitsConsumed,
      },
      ...(maxVersion === undefined ? {} : { version }),
    };
  }

  return {
    getTransaction: (params) => {
      const [signature, config] = parseParams(z.tuple([signatureSchema, z.union([transactionConfig, z.enum(['json', 'jsonParsed', 'base64', 'base58'])]).optional()]), params);
      const options = typeof config === 'string' ? { encoding: config } : (config ?? {});
      const record = cluster.history.get(signature);
      const commitment = historyCommitment('commitment' in options ? options.commitment : undefined);
      if (!record || !visible(record, commitment)) return null;
      return render(record, options.encoding ?? 'json', 'maxSupportedTransactionVersion' in options ? options.maxSupportedTransactionVersion : undefined);
    },
    getSignaturesForAddress: (params) => {
      const [address, config = {}] = parseParams(z.tuple([z.string(), signaturesConfig.optional()]), params);
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) throw new RpcError(INVALID_PARAMS, 'Invalid param: Invalid');
      const commitment = historyCommitment(config.commitment);
      if (config.minContextSlot !== undefined && BigInt(config.minContextSlot) > cluster.slot(commitment)) {
        throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: Number(cluster.slot(commitment)) });
      }
      let records = cluster.history.forAddress(address).filter((record) => visible(record, commitment));
      if (config.before !== undefined) {
        const index = records.findIndex((record) => record.signature === config.before);
        records = index < 0 ? [] : records.slice(index + 1);
      }
      if (config.until !== undefined) {
        const index = records.findIndex((record) => record.signature === config.until);
        if (index >= 0) records = records.slice(0, index);
      }
      return records.slice(0, config.limit ?? MAX_SIGNATURES_LIMIT).map((record) => {
        const status = cluster.signatureStatus(record.signature);
        return {
          signature: record.signature,
          slot: record.slot,
          err: record.err,
          memo: null,
          blockTime: record.blockTime,
          confirmationStatus: status?.confirmationStatus ?? commitment,
        };
      });
    },
  };
}
