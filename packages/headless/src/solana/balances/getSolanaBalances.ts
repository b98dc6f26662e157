import type { TokenBalance, TokenDescription } from '@latchkey/protocol';
import { DEFAULT_COMMITMENT } from '@latchkey/protocol/constants';
import { formatAmount, formatScaled, parseDecimal } from '../../core/amount/formatAmount.js';
import { validateSolanaAddress } from '../../core/validation/validateSolanaAddress.js';
import type { SolanaRpc } from '../rpc/createSolanaRpc.js';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../rpc/solanaPrograms.js';
import { toSolanaError } from '../toSolanaError.js';

/** The address a balance of native SOL carries (the wrapped-SOL mint, as token lists name SOL). */
export const NATIVE_SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
const SOL_DESCRIPTION: TokenDescription = { decimals: 9, name: 'Solana', symbol: 'SOL', pricingProviderTokenId: 'solana' };

/** A balance as the kit shows it (SPEC §3 token balance, with exact amounts). */
export interface SolanaBalance {
  networkId: string | number;
  /** The mint, or NATIVE_SOL_ADDRESS for SOL. */
  address: string;
  isNative: boolean;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
  /** In base units (lamports for SOL), exact. */
  rawBalance: bigint;
  /** `rawBalance` in whole tokens, by the amount rule of SPEC §9 (rounded up to `displayDecimals`). */
  balance: string;
  /** USD per whole token, when known. */
  price?: number;
  /** USD value, 2 decimals by the amount rule, when `showFiat` and the price is known. */
  marketValue?: string;
}

export interface GetSolanaBalancesParameters {
  /** The network's node (`createSolanaRpc`). */
  rpc: SolanaRpc;
  owner: string;
  networkId: string | number;
  /** Token descriptions by mint (name, symbol, decimals, icon); unknown mints show as 'Unknown token'. */
  tokens?: Readonly<Record<string, TokenDescription>>;
  /** USD prices per whole token by mint. */
  tokenUsdPrices?: Readonly<Record<string, number>>;
  /** SPEC §3 `nativeTokenUsdPrice`. */
  nativeTokenUsdPrice?: number;
  /** SPEC §3 project setting `showFiat`: fiat values only when true. */
  showFiat?: boolean;
  /**
   * SPEC §3 project setting `enableMultiAsset`: `false` keeps the native asset (SOL) alone — SPL tokens are left out of
   * the balances (and so out of every asset choice built from them). Default here `true`: a direct caller gets every
   * holding. `useSolanaBalances` passes the project's setting, where only `true` shows tokens.
   */
  enableMultiAsset?: boolean;
  /** Decimals shown (default 4); exact amounts stay in `rawBalance`. */
  displayDecimals?: number;
}

/** The USD value of `raw` base units at `price` per whole token, exact until the final rounding up to cents. */
export function fiatValue(raw: bigint, decimals: number, price: number): string {
  const { integer, fraction } = parseDecimal(price);
  const priceScaled = BigInt(integer + fraction);
  return formatAmount(formatScaled(raw * priceScaled, decimals + fraction.length), 2);
}

function display(raw: bigint, decimals: number, displayDecimals: number): string {
  return formatAmount(formatScaled(raw, decimals), Math.min(decimals, displayDecimals));
}

/** What an address holds, in exact base units: lamports, and per mint the summed amount and the mint's decimals. */
export interface SolanaHoldings {
  lamports: bigint;
  tokens: ReadonlyMap<string, { raw: bigint; decimals: number }>;
}

/** A token account as a node describes it with `encoding: 'jsonParsed'` (only what the balances read). */
interface ParsedTokenAccounts {
  value: ReadonlyArray<{ account: { data: unknown } }>;
}

/**
 * What `owner` holds (getBalance and getTokenAccountsByOwner, parsed, for both token programs, at `confirmed`), several
 * accounts of one mint summed. The source of truth for amounts.
 */
export async function readSolanaHoldings(rpc: SolanaRpc, ownerAddress: string): Promise<SolanaHoldings> {
  const owner = validateSolanaAddress(ownerAddress, 'owner');
  const commitment = { commitment: DEFAULT_COMMITMENT };
  const tokenAccountsOf = (programId: string) => rpc.call<ParsedTokenAccounts>('getTokenAccountsByOwner', [owner, { programId }, { ...commitment, encoding: 'jsonParsed' }]);
  const [lamports, ...tokenAccounts] = await Promise.all([
    rpc.call<{ value: number }>('getBalance', [owner, commitment]).then((balance) => balance.value),
    tokenAccountsOf(TOKEN_PROGRAM_ADDRESS),
    tokenAccountsOf(TOKEN_2022_PROGRAM_ADDRESS),
  ]).catch((error: unknown) => Promise.reject(toSolanaError(error)));
  const tokens = new Map<string, { raw: bigint; decimals: number }>();
  for (const { value } of tokenAccounts) {
    for (const { account } of value) {
      const parsed = (account.data as { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } }).parsed;
      const mint = parsed?.info?.mint;
      const amount = parsed?.info?.tokenAmount;
      if (!mint || amount?.amount === undefined || amount.decimals === undefined) continue;
      const previous = tokens.get(mint);
      tokens.set(mint, { raw: (previous?.raw ?? 0n) + BigInt(amount.amount), decimals: amount.decimals });
    }
  }
  return { lamports: BigInt(lamports), tokens };
}

export type DescribeSolanaHoldingsParameters = Omit<GetSolanaBalancesParameters, 'rpc' | 'owner'>;

/**
 * Balances as the kit shows them from `holdings`: SOL first, then tokens by symbol (none when `enableMultiAsset` is
 * false); descriptions and fiat values where known.
 */
export function describeSolanaHoldings(holdings: SolanaHoldings, parameters: DescribeSolanaHoldingsParameters): SolanaBalance[] {
  const { networkId, tokens = {}, tokenUsdPrices = {}, showFiat = false, displayDecimals = 4, enableMultiAsset = true } = parameters;
  const withFiat = (raw: bigint, decimals: number, price: number | undefined) =>
    price === undefined ? {} : { price, ...(showFiat ? { marketValue: fiatValue(raw, decimals, price) } : {}) };

  const native: SolanaBalance = {
    networkId,
    address: NATIVE_SOL_ADDRESS,
    isNative: true,
    name: SOL_DESCRIPTION.name,
    symbol: SOL_DESCRIPTION.symbol,
    decimals: 9,
    rawBalance: holdings.lamports,
    balance: display(holdings.lamports, 9, displayDecimals),
    ...withFiat(holdings.lamports, 9, parameters.nativeTokenUsdPrice),
  };
  if (!enableMultiAsset) return [native];
  const spl = [...holdings.tokens].map(([mint, { raw, decimals }]): SolanaBalance => {
    const description = tokens[mint];
    return {
      networkId,
      address: mint,
      isNative: false,
      name: description?.name || 'Unknown token',
      symbol: description?.symbol || `${mint.slice(0, 4)}…`,
      decimals,
      ...(description?.iconUrl ? { logoURI: description.iconUrl } : {}),
      rawBalance: raw,
      balance: display(raw, decimals, displayDecimals),
      ...withFiat(raw, decimals, tokenUsdPrices[mint]),
    };
  });
  spl.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address));
  return [native, ...spl];
}

/**
 * SOL and SPL token balances of `owner` (see `readSolanaHoldings`), described by `tokens` and priced by
 * `tokenUsdPrices`/`nativeTokenUsdPrice`; SOL first, then tokens by symbol.
 */
export async function getSolanaBalances(parameters: GetSolanaBalancesParameters): Promise<SolanaBalance[]> {
  return describeSolanaHoldings(await readSolanaHoldings(parameters.rpc, parameters.owner), parameters);
}

/** Descriptions and prices as `getSolanaBalances` takes them, from the product API's token balances. */
export interface SolanaTokenCatalogue {
  tokens: Record<string, TokenDescription>;
  tokenUsdPrices: Record<string, number>;
  nativeTokenUsdPrice?: number;
}

/**
 * The descriptions (name, symbol, decimals, logo) and USD prices in the entries of GET /chains/SOL/balances; the entry
 * at NATIVE_SOL_ADDRESS gives `nativeTokenUsdPrice`. Entries the server could not describe ('Unknown token') add none.
 */
export function catalogueFromTokenBalances(entries: readonly TokenBalance[]): SolanaTokenCatalogue {
  const catalogue: SolanaTokenCatalogue = { tokens: {}, tokenUsdPrices: {} };
  for (const entry of entries) {
    if (entry.address === NATIVE_SOL_ADDRESS) {
      if (entry.price !== undefined) catalogue.nativeTokenUsdPrice = entry.price;
      continue;
    }
    if (entry.name && entry.name !== 'Unknown token' && entry.symbol) {
      catalogue.tokens[entry.address] = { name: entry.name, symbol: entry.symbol, decimals: entry.decimals, ...(entry.logoURI ? { iconUrl: entry.logoURI } : {}) };
    }
    if (entry.price !== undefined) catalogue.tokenUsdPrices[entry.address] = entry.price;
  }
  return catalogue;
}

/** The amounts in the product API's token balances (exact `rawBalance`), for when the RPC cannot be read. */
export function holdingsFromTokenBalances(entries: readonly TokenBalance[]): SolanaHoldings {
  let lamports = 0n;
  const tokens = new Map<string, { raw: bigint; decimals: number }>();
  for (const entry of entries) {
    const raw = BigInt(entry.rawBalance);
    if (entry.address === NATIVE_SOL_ADDRESS) lamports = raw;
    else tokens.set(entry.address, { raw: (tokens.get(entry.address)?.raw ?? 0n) + raw, decimals: entry.decimals });
  }
  return { lamports, tokens };
}
