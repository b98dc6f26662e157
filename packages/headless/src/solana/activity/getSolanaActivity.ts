import type { TokenDescription } from '@latchkey/protocol';
import { DEFAULT_COMMITMENT } from '@latchkey/protocol/constants';
import { formatAmount, formatScaled } from '../../core/amount/formatAmount.js';
import { validateSolanaAddress } from '../../core/validation/validateSolanaAddress.js';
import { NATIVE_SOL_ADDRESS } from '../balances/getSolanaBalances.js';
import type { SolanaRpc } from '../rpc/createSolanaRpc.js';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../rpc/solanaPrograms.js';
import { toSolanaError } from '../toSolanaError.js';

/** How many transfers the activity list reads by default. */
export const SOLANA_ACTIVITY_LIMIT = 20;

/** One transaction of an address as its activity list shows it: what moved to or from it, with whom, when. */
export interface SolanaActivityItem {
  signature: string;
  /** `failed` when the transaction landed with an error (its fee was still charged). */
  status: 'confirmed' | 'finalized' | 'failed';
  /** `in` received, `out` sent, `self` nothing moved for this address but the fee (or to itself). */
  direction: 'in' | 'out' | 'self';
  /** The mint, or NATIVE_SOL_ADDRESS for SOL. */
  asset: string;
  isNative: boolean;
  symbol: string;
  decimals: number;
  /** What moved, in base units, without sign and without the fee. */
  rawAmount: bigint;
  /** `rawAmount` in whole tokens by the amount rule of SPEC §9 (rounded up to 4 decimals by default). */
  amount: string;
  /** The other side: the address sent to or received from, when the transaction names one. */
  counterparty?: string;
  /** The fee in lamports when this address paid it. */
  fee?: bigint;
  /** When its block was produced, when the cluster knows. */
  time?: Date;
  slot: number;
}

export interface GetSolanaActivityParameters {
  /** The network's node (`createSolanaRpc`). */
  rpc: SolanaRpc;
  address: string;
  /** At most this many of the newest transactions (default SOLANA_ACTIVITY_LIMIT, at most 100). */
  limit?: number;
  /** Token descriptions by mint (symbol, decimals); unknown mints show their first four characters. */
  tokens?: Readonly<Record<string, TokenDescription>>;
  /** Decimals shown (default 4); exact amounts stay in `rawAmount`. */
  displayDecimals?: number;
}

/** A token balance in a transaction's meta, as a node reports it. */
export interface SolanaTransactionTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string | undefined;
  uiTokenAmount: { amount: string; decimals: number };
}

/**
 * A transaction as a node returns it with `encoding: 'jsonParsed'` — what the activity list reads of it. (web3.js's
 * `ParsedTransactionWithMeta` fits too: its keys are `PublicKey`s, which name themselves with `toBase58()`.)
 */
export interface SolanaParsedTransaction {
  slot: number;
  blockTime?: number | null | undefined;
  meta: {
    err: unknown;
    fee: number;
    preBalances: readonly number[];
    postBalances: readonly number[];
    preTokenBalances?: readonly SolanaTransactionTokenBalance[] | null | undefined;
    postTokenBalances?: readonly SolanaTransactionTokenBalance[] | null | undefined;
  } | null;
  transaction: {
    message: {
      accountKeys: ReadonlyArray<{ pubkey: string | { toBase58(): string } }>;
      /** Parsed instructions carry their `program` and `parsed` form; others (`programId`, `accounts`, `data`) are skipped. */
      instructions: ReadonlyArray<{ program?: string; parsed?: unknown }>;
    };
  };
}

/** A signature of an address, as getSignaturesForAddress lists it. */
interface SignatureInfo {
  signature: string;
  slot: number;
  confirmationStatus?: string | null | undefined;
}

type Movement = { asset: string; decimals: number; delta: bigint };

const keysOf = (transaction: SolanaParsedTransaction) =>
  transaction.transaction.message.accountKeys.map(({ pubkey }) => (typeof pubkey === 'string' ? pubkey : pubkey.toBase58()));

/** What moved for `owner` in one transaction: SOL (fee added back when it paid) and each token it holds an account of. */
function movements(transaction: SolanaParsedTransaction, owner: string): { sol: Movement; tokens: Movement[]; fee: bigint | undefined } {
  const meta = transaction.meta;
  const keys = keysOf(transaction);
  const index = keys.indexOf(owner);
  const paid = index === 0 && meta ? BigInt(meta.fee) : undefined;
  let solDelta = 0n;
  if (meta && index >= 0) solDelta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0) + (paid ?? 0n);
  const byMint = new Map<string, Movement>();
  const add = (balances: readonly SolanaTransactionTokenBalance[] | null | undefined, sign: 1n | -1n) => {
    for (const balance of balances ?? []) {
      if (balance.owner !== owner) continue;
      const previous = byMint.get(balance.mint) ?? { asset: balance.mint, decimals: balance.uiTokenAmount.decimals, delta: 0n };
      byMint.set(balance.mint, { ...previous, delta: previous.delta + sign * BigInt(balance.uiTokenAmount.amount) });
    }
  };
  add(meta?.postTokenBalances, 1n);
  add(meta?.preTokenBalances, -1n);
  return { sol: { asset: NATIVE_SOL_ADDRESS, decimals: 9, delta: solDelta }, tokens: [...byMint.values()].filter((movement) => movement.delta !== 0n), fee: paid };
}

/** The other side of what `owner` sent or received: from a parsed transfer instruction, else the biggest opposite move. */
function counterpartyOf(transaction: SolanaParsedTransaction, owner: string, movement: Movement): string | undefined {
  const tokenOwners = new Map<string, string>();
  const keys = keysOf(transaction);
  for (const balance of [...(transaction.meta?.preTokenBalances ?? []), ...(transaction.meta?.postTokenBalances ?? [])]) {
    const key = keys[balance.accountIndex];
    if (key && balance.owner) tokenOwners.set(key, balance.owner);
  }
  const holder = (account: string) => tokenOwners.get(account) ?? account;
  for (const instruction of transaction.transaction.message.instructions) {
    if (!('parsed' in instruction) || typeof instruction.parsed !== 'object' || instruction.parsed === null) continue;
    const parsed = instruction.parsed as { type?: string; info?: Record<string, unknown> };
    if (parsed.type !== 'transfer' && parsed.type !== 'transferChecked') continue;
    const isToken = instruction.program !== 'system';
    if (isToken === (movement.asset === NATIVE_SOL_ADDRESS)) continue;
    const source = typeof parsed.info?.source === 'string' ? holder(parsed.info.source) : undefined;
    const destination = typeof parsed.info?.destination === 'string' ? holder(parsed.info.destination) : undefined;
    const authority = typeof parsed.info?.authority === 'string' ? parsed.info.authority : undefined;
    if ((source === owner || authority === owner) && destination && destination !== owner) return destination;
    if (destination === owner && source && source !== owner) return source;
  }
  if (movement.asset !== NATIVE_SOL_ADDRESS) return undefined;
  const meta = transaction.meta;
  if (!meta) return undefined;
  let best: { key: string; size: bigint } | undefined;
  keys.forEach((key, index) => {
    if (key === owner) return;
    const delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
    const opposite = movement.delta < 0n ? delta > 0n : delta < 0n;
    const size = delta < 0n ? -delta : delta;
    if (opposite && (!best || size > best.size)) best = { key, size };
  });
  return best?.key;
}

/** One transaction as an activity item of `owner`. */
export function describeSolanaTransaction(
  transaction: SolanaParsedTransaction,
  signature: { signature: string; confirmationStatus?: string | null | undefined },
  owner: string,
  options: { tokens?: Readonly<Record<string, TokenDescription>>; displayDecimals?: number } = {},
): SolanaActivityItem {
  const { sol, tokens, fee } = movements(transaction, owner);
  // A token move is what the user did (its SOL side is rent or nothing); else the SOL move.
  const movement = tokens[0] ?? sol;
  const isNative = movement.asset === NATIVE_SOL_ADDRESS;
  const description = isNative ? undefined : options.tokens?.[movement.asset];
  const raw = movement.delta < 0n ? -movement.delta : movement.delta;
  const decimals = isNative ? 9 : (description?.decimals ?? movement.decimals);
  const counterparty = movement.delta === 0n ? undefined : counterpartyOf(transaction, owner, movement);
  const status = transaction.meta?.err ? 'failed' : signature.confirmationStatus === 'finalized' ? 'finalized' : 'confirmed';
  return {
    signature: signature.signature,
    status,
    direction: movement.delta > 0n ? 'in' : movement.delta < 0n ? 'out' : 'self',
    asset: movement.asset,
    isNative,
    symbol: isNative ? 'SOL' : description?.symbol || `${movement.asset.slice(0, 4)}…`,
    decimals,
    rawAmount: raw,
    amount: formatAmount(formatScaled(raw, decimals), Math.min(decimals, options.displayDecimals ?? 4)),
    ...(counterparty ? { counterparty } : {}),
    ...(fee !== undefined ? { fee } : {}),
    ...(transaction.blockTime ? { time: new Date(transaction.blockTime * 1000) } : {}),
    slot: transaction.slot,
  };
}

/** The most token accounts whose own signatures are read (a wallet holding more shows its SOL and first tokens' moves). */
const MAX_TOKEN_ACCOUNTS = 10;

/**
 * The newest signatures of `owner` and of its token accounts: a token sent to a wallet names only the wallet's token
 * account, so the wallet's own list misses it (as on every RPC node). Merged by signature, newest slot first.
 */
async function signaturesOf(rpc: SolanaRpc, owner: string, limit: number): Promise<SignatureInfo[]> {
  const commitment = { commitment: DEFAULT_COMMITMENT };
  const tokenAccountsOf = (programId: string) =>
    rpc.call<{ value: ReadonlyArray<{ pubkey: string }> }>('getTokenAccountsByOwner', [owner, { programId }, { ...commitment, encoding: 'base64' }]);
  const signaturesFor = (address: string) => rpc.call<SignatureInfo[]>('getSignaturesForAddress', [address, { ...commitment, limit }]);
  const [own, ...tokenAccounts] = await Promise.all([signaturesFor(owner), tokenAccountsOf(TOKEN_PROGRAM_ADDRESS), tokenAccountsOf(TOKEN_2022_PROGRAM_ADDRESS)]);
  const accounts = tokenAccounts.flatMap((list) => list.value.map((account) => account.pubkey)).slice(0, MAX_TOKEN_ACCOUNTS);
  const lists = await Promise.all(accounts.map(signaturesFor));
  const bySignature = new Map<string, SignatureInfo>();
  for (const item of [own, ...lists].flat()) bySignature.set(item.signature, item);
  return [...bySignature.values()].sort((a, b) => b.slot - a.slot).slice(0, limit);
}

/**
 * The newest transactions of `address` read from the cluster (getSignaturesForAddress of the address and of its token
 * accounts, then the transactions with getTransaction, parsed, in one batch, at `confirmed`), each as what moved for
 * this address, newest first. A transaction the node no longer has is left out. Failures are `LatchkeyError`s (see
 * `toSolanaError`).
 */
export async function getSolanaActivity(parameters: GetSolanaActivityParameters): Promise<SolanaActivityItem[]> {
  const { rpc, tokens, displayDecimals } = parameters;
  const owner = validateSolanaAddress(parameters.address, 'address');
  const limit = Math.max(1, Math.min(100, Math.floor(parameters.limit ?? SOLANA_ACTIVITY_LIMIT)));
  try {
    const signatures = await signaturesOf(rpc, owner, limit);
    if (signatures.length === 0) return [];
    const transactions = await rpc.batch<SolanaParsedTransaction | null>(
      signatures.map((item) => ['getTransaction', [item.signature, { commitment: DEFAULT_COMMITMENT, encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]] as const),
    );
    return signatures.flatMap((signature, index) => {
      const transaction = transactions[index];
      return transaction ? [describeSolanaTransaction(transaction, signature, owner, { ...(tokens ? { tokens } : {}), ...(displayDecimals === undefined ? {} : { displayDecimals }) })] : [];
    });
  } catch (error) {
    throw toSolanaError(error);
  }
}

/**
 * The block explorer's page of a transaction: the network's first `blockExplorerUrls` entry with `tx/<signature>`
 * appended to its path (its query, e.g. `?cluster=devnet`, kept); `undefined` without one, or when it is not https
 * (http only on loopback).
 */
export function solanaExplorerUrl(network: { blockExplorerUrls?: readonly string[] | undefined } | undefined, signature: string): string | undefined {
  const base = network?.blockExplorerUrls?.[0];
  if (!base) return undefined;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/tx/${encodeURIComponent(signature)}`;
  return url.toString();
}
