import { getBase58Decoder, getBase58Encoder, isAddress } from '@solana/kit';
import { z } from 'zod';
import { INVALID_PARAMS, INVALID_REQUEST, parseParams, RpcError, type MethodTable } from './jsonRpc.js';
import { InvalidTransactionError, PreflightError, type Commitment } from './clusterTypes.js';
import { MAX_AIRDROP_LAMPORTS, type LocalCluster } from './localCluster.js';
import { createHistoryMethods } from './rpcHistoryMethods.js';
import { decodeMint, decodeTokenAccount, isTokenProgram, parseTokenProgramAccount, uiTokenAmount } from './parsedAccount.js';

/** What getVersion reports: the Agave release whose RPC this one follows. */
export const CLUSTER_VERSION = { 'solana-core': '2.2.0', 'feature-set': 3294202862 } as const;
/** u64::MAX, the rent epoch of rent-exempt accounts. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n;
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_BASE58_ACCOUNT_BYTES = 128;
const MAX_TRANSACTION_BYTES = 1232;

const base58Text = getBase58Decoder();
const base58Bytes = getBase58Encoder();

const commitmentSchema = z.enum(['processed', 'confirmed', 'finalized']);
const pubkeySchema = z.string().refine((value) => isAddress(value), { message: 'Invalid param: Invalid' });
const contextConfig = z.object({ commitment: commitmentSchema.optional(), minContextSlot: z.number().int().nonnegative().optional() });
const accountEncoding = z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']);
const dataSliceSchema = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() });
const accountConfig = contextConfig.extend({ encoding: accountEncoding.optional(), dataSlice: dataSliceSchema.optional() });
const tokenFilter = z.union([z.object({ mint: pubkeySchema }).strict(), z.object({ programId: pubkeySchema }).strict()]);
const lamportsSchema = z.number().int().positive();

type AccountConfig = z.output<typeof accountConfig>;

function base64ToBytes(text: string, what: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new RpcError(INVALID_PARAMS, `invalid ${what}: not base64`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function wireTransaction(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  let bytes: Uint8Array;
  if (encoding === 'base64') bytes = base64ToBytes(text, 'transaction');
  else {
    try {
      bytes = new Uint8Array(base58Bytes.encode(text));
    } catch {
      throw new RpcError(INVALID_PARAMS, 'invalid transaction: not base58');
    }
  }
  if (bytes.length > MAX_TRANSACTION_BYTES) throw new RpcError(INVALID_PARAMS, `invalid transaction: encoded transaction too large: ${bytes.length} bytes (max: ${MAX_TRANSACTION_BYTES} bytes)`);
  return bytes;
}

/** The RPC methods the kit, `@solana/web3.js`'s Connection and `@solana/spl-token` call, over one LocalCluster. */
export function createRpcMethods(cluster: LocalCluster): MethodTable {
  function context(config: { commitment?: Commitment; minContextSlot?: number } | undefined): { slot: bigint; apiVersion: string } {
    const slot = cluster.slot(config?.commitment ?? 'confirmed');
    if (config?.minContextSlot !== undefined && BigInt(config.minContextSlot) > slot) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: Number(slot) });
    }
    return { slot, apiVersion: CLUSTER_VERSION['solana-core'] };
  }

  function decimalsOf(mint: string): number | null {
    const account = cluster.getAccount(mint);
    if (!account || !isTokenProgram(account.owner)) return null;
    return decodeMint(account.data)?.decimals ?? null;
  }

  function encodeAccount(account: ReturnType<LocalCluster['getAccount']>, config: AccountConfig | undefined): unknown {
    if (!account) return null;
    const encoding = config?.encoding ?? 'base58';
    const base = { executable: account.executable, lamports: account.lamports, owner: account.owner, rentEpoch: RENT_EXEMPT_EPOCH, space: account.space };
    if (encoding === 'jsonParsed' && !config?.dataSlice) {
      const parsed = parseTokenProgramAccount(account.owner, account.data, decimalsOf);
      if (parsed) return { ...base, data: parsed };
    }
    if (encoding === 'base64+zstd') throw new RpcError(INVALID_PARAMS, 'Invalid params: the base64+zstd encoding is not supported by the sandbox cluster');
    const data = config?.dataSlice ? account.data.subarray(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length) : account.data;
    if (encoding === 'base58') {
      if (data.length > MAX_BASE58_ACCOUNT_BYTES) throw new RpcError(INVALID_REQUEST, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      return { ...base, data: [base58Text.decode(data), 'base58'] };
    }
    return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
  }

  function tokenAccountOf(pubkey: string): { decimals: number; amount: bigint; mint: string } {
    const account = cluster.getAccount(pubkey);
    const state = account && isTokenProgram(account.owner) ? decodeTokenAccount(account.data) : null;
    if (!state || state.state === 'uninitialized') throw new RpcError(INVALID_PARAMS, 'Invalid param: not a Token account');
    const decimals = decimalsOf(state.mint);
    if (decimals === null) throw new RpcError(INVALID_PARAMS, 'Invalid param: Token mint could not be unpacked');
    return { decimals, amount: state.amount, mint: state.mint };
  }

  return {
    getHealth: () => 'ok',
    getVersion: () => CLUSTER_VERSION,
    getGenesisHash: () => cluster.genesisHash,
    getIdentity: () => ({ identity: cluster.genesisHash }),
    getSlot: (params) => {
      const [config] = parseParams(z.tuple([contextConfig.optional()]), params);
      return context(config).slot;
    },
    getBlockHeight: (params) => {
      const [config] = parseParams(z.tuple([contextConfig.optional()]), params);
      context(config);
      return cluster.blockHeight(config?.commitment ?? 'confirmed');
    },
    getEpochInfo: (params) => {
      const [config] = parseParams(z.tuple([contextConfig.optional()]), params);
      const slot = context(config).slot;
      return { absoluteSlot: slot, blockHeight: slot, epoch: 0, slotIndex: slot, slotsInEpoch: 432000, transactionCount: null };
    },
    getLatestBlockhash: (params) => {
      const [config] = parseParams(z.tuple([contextConfig.optional()]), params);
      const ctx = context(config);
      return { context: ctx, value: cluster.latestBlockhash(config?.commitment ?? 'confirmed') };
    },
    isBlockhashValid: (params) => {
      const [blockhash, config] = parseParams(z.tuple([z.string(), contextConfig.optional()]), params);
      return { context: context(config), value: cluster.isBlockhashValid(blockhash) };
    },
    getFeeForMessage: (params) => {
      const [message, config] = parseParams(z.tuple([z.string(), contextConfig.optional()]), params);
      try {
        return { context: context(config), value: cluster.feeForMessage(base64ToBytes(message, 'message')) };
      } catch (error) {
        if (error instanceof InvalidTransactionError) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
    },
    getBalance: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, contextConfig.optional()]), params);
      return { context: context(config), value: cluster.getBalance(pubkey) };
    },
    getAccountInfo: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, accountConfig.optional()]), params);
      return { context: context(config), value: encodeAccount(cluster.getAccount(pubkey), config) };
    },
    getMultipleAccounts: (params) => {
      const [pubkeys, config] = parseParams(z.tuple([z.array(pubkeySchema).max(MAX_MULTIPLE_ACCOUNTS), accountConfig.optional()]), params);
      return { context: context(config), value: pubkeys.map((pubkey) => encodeAccount(cluster.getAccount(pubkey), config)) };
    },
    getTokenAccountsByOwner: (params) => {
      const [owner, filter, config] = parseParams(z.tuple([pubkeySchema, tokenFilter, accountConfig.optional()]), params);
      const ctx = context(config);
      let programs: string[];
      if ('programId' in filter) {
        if (!isTokenProgram(filter.programId)) throw new RpcError(INVALID_PARAMS, 'Invalid param: unrecognized Token program id');
        programs = [filter.programId];
      } else {
        const mint = cluster.getAccount(filter.mint);
        if (!mint || !isTokenProgram(mint.owner)) throw new RpcError(INVALID_PARAMS, 'Invalid param: could not find mint');
        programs = [mint.owner];
      }
      const value = programs.flatMap((program) =>
        cluster
          .getProgramAccounts(program)
          .filter((account) => {
            const state = decodeTokenAccount(account.data);
            return state !== null && state.state !== 'uninitialized' && state.owner === owner && (!('mint' in filter) || state.mint === filter.mint);
          })
          .map((account) => ({ pubkey: account.pubkey, account: encodeAccount(account, { ...config, encoding: config?.encoding ?? 'base58' }) })),
      );
      return { context: ctx, value };
    },
    getTokenAccountBalance: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, contextConfig.optional()]), params);
      const ctx = context(config);
      const { amount, decimals } = tokenAccountOf(pubkey);
      return { context: ctx, value: uiTokenAmount(amount, decimals) };
    },
    getTokenSupply: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, contextConfig.optional()]), params);
      const ctx = context(config);
      const account = cluster.getAccount(pubkey);
      const mint = account && isTokenProgram(account.owner) ? decodeMint(account.data) : null;
      if (!mint) throw new RpcError(INVALID_PARAMS, 'Invalid param: not a Token mint');
      return { context: ctx, value: uiTokenAmount(mint.supply, mint.decimals) };
    },
    getMinimumBalanceForRentExemption: (params) => {
      const [length] = parseParams(z.tuple([z.number().int().nonnegative().max(10 * 1024 * 1024), contextConfig.optional()]), params);
      return cluster.minimumBalanceForRentExemption(BigInt(length));
    },
    sendTransaction: (params) => {
      const [text, config] = parseParams(
        z.tuple([
          z.string(),
          z
            .object({
              encoding: z.enum(['base58', 'base64']).optional(),
              skipPreflight: z.boolean().optional(),
              preflightCommitment: commitmentSchema.optional(),
              maxRetries: z.number().int().nonnegative().optional(),
              minContextSlot: z.number().int().nonnegative().optional(),
            })
            .optional(),
        ]),
        params,
      );
      context({ minContextSlot: config?.minContextSlot });
      const wire = wireTransaction(text, config?.encoding ?? 'base58');
      try {
        return cluster.sendTransaction(wire, { skipPreflight: config?.skipPreflight ?? false });
      } catch (error) {
        if (error instanceof InvalidTransactionError) throw new RpcError(INVALID_PARAMS, error.message);
        if (error instanceof PreflightError) {
          const { simulation } = error;
          throw new RpcError(error.code, error.message, {
            accounts: null,
            err: simulation.err,
            innerInstructions: null,
            logs: simulation.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: simulation.unitsConsumed,
          });
        }
        throw error;
      }
    },
    simulateTransaction: (params) => {
      const [text, config] = parseParams(
        z.tuple([
          z.string(),
          z
            .object({
              encoding: z.enum(['base58', 'base64']).optional(),
              sigVerify: z.boolean().optional(),
              replaceRecentBlockhash: z.boolean().optional(),
              commitment: commitmentSchema.optional(),
              minContextSlot: z.number().int().nonnegative().optional(),
            })
            .optional(),
        ]),
        params,
      );
      const ctx = context(config);
      try {
        const replace = config?.replaceRecentBlockhash ?? false;
        const result = cluster.simulateTransaction(wireTransaction(text, config?.encoding ?? 'base58'), { replaceRecentBlockhash: replace, sigVerify: config?.sigVerify ?? false });
        return {
          context: ctx,
          value: {
            err: result.err,
            logs: result.logs,
            accounts: null,
            unitsConsumed: result.unitsConsumed,
            returnData: null,
            replacementBlockhash: replace ? cluster.latestBlockhash('confirmed') : null,
          },
        };
      } catch (error) {
        if (error instanceof InvalidTransactionError) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
    },
    getSignatureStatuses: (params) => {
      const [signatures] = parseParams(
        z.tuple([z.array(z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid param: Invalid')).max(MAX_SIGNATURE_STATUSES), z.object({ searchTransactionHistory: z.boolean().optional() }).optional()]),
        params,
      );
      const ctx = context(undefined);
      return {
        context: ctx,
        value: signatures.map((signature) => {
          const status = cluster.signatureStatus(signature);
          if (!status) return null;
          return {
            slot: status.slot,
            confirmations: status.confirmations,
            err: status.err,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            confirmationStatus: status.confirmationStatus,
          };
        }),
      };
    },
    requestAirdrop: (params) => {
      const [pubkey, lamports] = parseParams(z.tuple([pubkeySchema, lamportsSchema, contextConfig.optional()]), params);
      if (BigInt(lamports) > MAX_AIRDROP_LAMPORTS) throw new RpcError(INVALID_PARAMS, `Invalid params: an airdrop is at most ${MAX_AIRDROP_LAMPORTS} lamports`);
      return cluster.airdrop(pubkey, BigInt(lamports));
    },
    getRecentPrioritizationFees: () => [],
    getEpochSchedule: () => ({ firstNormalEpoch: 0, firstNormalSlot: 0, leaderScheduleSlotOffset: 432000, slotsPerEpoch: 432000, warmup: false }),
    getFirstAvailableBlock: () => 0,
    getMaxRetransmitSlot: () => cluster.slot('processed'),
    ...createHistoryMethods(cluster),
  };
}
