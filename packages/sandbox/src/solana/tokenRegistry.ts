import { isAddress } from '@solana/kit';
import { chainSchema, secureUrlSchema, type TokenBalance } from '@latchkey/protocol';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors/ApiError.js';
import type { LocalCluster } from './localCluster.js';
import { decodeMint, decodeTokenAccount, isTokenProgram, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, uiAmountString } from './parsedAccount.js';
import { solanaNetworkConfiguration, SOLANA_LOCALNET_ID } from './solanaNetworks.js';

/**
 * The sandbox's token registry (table `token_registry`): what a product's pricing and metadata providers would know
 * about a token — name, symbol, decimals, logo and USD price — for the tokens the sandbox's local cluster holds. The
 * balances route (GET /chains/SOL/balances) joins it with the cluster's accounts; tests and the demo fill it through
 * PUT /sandbox/admin/tokens (or `mintTokenTo`'s description options).
 */

/** The address a balance of native SOL carries (the wrapped-SOL mint, as token lists name SOL). */
export const NATIVE_SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
/** The native SOL row every environment starts with (its USD price is what `nativeTokenUsdPrice` reports). */
export const NATIVE_SOL_SEED = { address: NATIVE_SOL_ADDRESS, name: 'Solana', symbol: 'SOL', decimals: 9, usdPrice: 150 } as const;
/** Largest USD price the registry accepts (per whole token). */
export const MAX_USD_PRICE = 1e12;

const trimmed = (max: number) => z.string().trim().min(1, { message: 'must not be empty' }).max(max, { message: `must be at most ${max} characters` });

/** The description part of a registration (everything but the address): shared with `mintTokenTo`. */
export const tokenDescriptionFieldsSchema = z.strictObject({
  name: trimmed(64),
  symbol: trimmed(16),
  decimals: z.number().int().min(0).max(255).optional(),
  logoURI: z.optional(secureUrlSchema),
  usdPrice: z.number().nonnegative().max(MAX_USD_PRICE).optional(),
});

/** PUT /sandbox/admin/tokens body. `decimals` may be left out: it is read from the mint. */
export const tokenRegistrationSchema = tokenDescriptionFieldsSchema.extend({
  address: z.string().refine((value) => isAddress(value), { message: 'must be a base58 Solana address' }),
});
export type TokenRegistration = z.output<typeof tokenRegistrationSchema>;

/** A registry row as the admin route answers it. */
export interface RegisteredToken {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
  usdPrice?: number;
}

interface TokenRow {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logo_uri: string | null;
  usd_price: number | null;
}

function fromRow(row: TokenRow): RegisteredToken {
  return {
    address: row.address,
    name: row.name,
    symbol: row.symbol,
    decimals: Number(row.decimals),
    ...(row.logo_uri === null ? {} : { logoURI: row.logo_uri }),
    ...(row.usd_price === null ? {} : { usdPrice: Number(row.usd_price) }),
  };
}

/** Writes the native SOL row unless the environment already has one (an admin's price survives restarts). */
export async function seedTokenRegistry(db: Database, environmentId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO token_registry (environment_id, chain, address, name, symbol, decimals, logo_uri, usd_price, updated_at)
     VALUES ($1, 'SOL', $2, $3, $4, $5, NULL, $6, $7) ON CONFLICT (environment_id, chain, address) DO NOTHING`,
    [environmentId, NATIVE_SOL_SEED.address, NATIVE_SOL_SEED.name, NATIVE_SOL_SEED.symbol, NATIVE_SOL_SEED.decimals, NATIVE_SOL_SEED.usdPrice, now.toISOString()],
  );
}

/** The registered Solana tokens, by address. */
export async function listRegisteredTokens(ctx: Pick<SandboxContext, 'db' | 'environmentId'>): Promise<RegisteredToken[]> {
  const rows = await ctx.db.query<TokenRow>(
    `SELECT address, name, symbol, decimals, logo_uri, usd_price FROM token_registry WHERE environment_id = $1 AND chain = 'SOL' ORDER BY address`,
    [ctx.environmentId],
  );
  return rows.map(fromRow);
}

/** The decimals of the SPL mint at `address` on the local cluster, or null when there is no mint there. */
function mintDecimals(cluster: LocalCluster, address: string): number | null {
  const account = cluster.getAccount(address);
  if (!account || !isTokenProgram(account.owner)) return null;
  const mint = decodeMint(account.data);
  return mint?.isInitialized ? mint.decimals : null;
}

/**
 * Registers (or replaces) a token's description and price. The token must be native SOL or an SPL mint on the local
 * cluster, and `decimals`, when given, must be the mint's; otherwise 400 `invalid_request` and nothing is stored.
 */
export async function registerToken(ctx: Pick<SandboxContext, 'db' | 'environmentId' | 'now' | 'solana'>, registration: TokenRegistration): Promise<RegisteredToken> {
  const actual = registration.address === NATIVE_SOL_ADDRESS ? NATIVE_SOL_SEED.decimals : mintDecimals(ctx.solana, registration.address);
  if (actual === null) throw new ApiError(400, 'invalid_request', 'No SPL token mint at this address on the local cluster.', 'address');
  if (registration.decimals !== undefined && registration.decimals !== actual) {
    throw new ApiError(400, 'invalid_request', `The mint has ${actual} decimals, not ${registration.decimals}.`, 'decimals');
  }
  const rows = await ctx.db.query<TokenRow>(
    `INSERT INTO token_registry (environment_id, chain, address, name, symbol, decimals, logo_uri, usd_price, updated_at)
     VALUES ($1, 'SOL', $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (environment_id, chain, address) DO UPDATE SET name = EXCLUDED.name, symbol = EXCLUDED.symbol,
       decimals = EXCLUDED.decimals, logo_uri = EXCLUDED.logo_uri, usd_price = EXCLUDED.usd_price, updated_at = EXCLUDED.updated_at
     RETURNING address, name, symbol, decimals, logo_uri, usd_price`,
    [
      ctx.environmentId,
      registration.address,
      registration.name,
      registration.symbol,
      actual,
      registration.logoURI ?? null,
      registration.usdPrice ?? null,
      ctx.now().toISOString(),
    ],
  );
  return fromRow(rows[0]!);
}

/** `raw` base units as a decimal string with `decimals` places (trailing zeros trimmed). */
function exactDecimal(raw: bigint, decimals: number): string {
  return uiAmountString(raw, decimals);
}

/** USD value of `raw` base units at `price` per whole token, rounded to cents (half up), computed on integers. */
export function marketValueOf(raw: bigint, decimals: number, price: number): number {
  const [integer = '0', fraction = ''] = price.toFixed(12).split('.');
  const priceScaled = BigInt(integer + fraction);
  const scale = 10n ** BigInt(decimals + fraction.length - 2);
  const cents = (raw * priceScaled + scale / 2n) / scale;
  return Number(cents) / 100;
}

function rawAmount(raw: bigint): number | string {
  return raw <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(raw) : raw.toString();
}

export interface BalancesQuery {
  accountAddress: string;
  networkId?: number | undefined;
  includePrices?: boolean | undefined;
  includeNative?: boolean | undefined;
}

/**
 * GET /chains/{chainName}/balances: the SOL and SPL balances of `accountAddress` on the local cluster (the project's
 * `localnet`), described and priced from the registry. SOL first (address NATIVE_SOL_ADDRESS, its `price` is the
 * native token's USD price), then tokens by symbol; several accounts of one mint are summed; unregistered mints are
 * named 'Unknown token' with the mint's first characters as symbol and carry no logo or price. `includeNative` and
 * `includePrices` default to true.
 */
export async function readBalances(ctx: SandboxContext, chainName: string, query: BalancesQuery): Promise<TokenBalance[]> {
  if (!chainSchema.safeParse(chainName).success) throw new ApiError(400, 'invalid_request', `Unknown chain ${JSON.stringify(chainName)}.`, 'chainName');
  if (chainName !== 'SOL') throw new ApiError(400, 'unable_to_fetch_balances', 'The sandbox only holds balances for SOL.', 'chainName');
  if (!isAddress(query.accountAddress)) throw new ApiError(400, 'invalid_wallet_address', 'The account address is not a base58 Solana address.', 'accountAddress');
  const networkId = query.networkId ?? SOLANA_LOCALNET_ID;
  const [configuration] = solanaNetworkConfiguration(await ctx.settings.get(), { rpcUrl: ctx.solanaRpcUrl, genesisHash: ctx.solana.genesisHash });
  const served = configuration?.networks.some((network) => Number(network.networkId) === SOLANA_LOCALNET_ID) ?? false;
  if (networkId !== SOLANA_LOCALNET_ID || !served) {
    throw new ApiError(400, 'unable_to_fetch_balances', `The sandbox only holds balances for its enabled local network (${SOLANA_LOCALNET_ID}).`, 'networkId');
  }

  const registry = new Map((await listRegisteredTokens(ctx)).map((token) => [token.address, token]));
  const withPrice = query.includePrices !== false;
  const entry = (address: string, raw: bigint, decimals: number, fallback: { name: string; symbol: string }): TokenBalance => {
    const known = registry.get(address);
    const price = withPrice ? known?.usdPrice : undefined;
    return {
      networkId,
      address,
      name: known?.name ?? fallback.name,
      symbol: known?.symbol ?? fallback.symbol,
      decimals,
      ...(known?.logoURI ? { logoURI: known.logoURI } : {}),
      balance: Number(exactDecimal(raw, decimals)),
      rawBalance: rawAmount(raw),
      ...(price === undefined ? {} : { price, marketValue: marketValueOf(raw, decimals, price) }),
    };
  };

  const byMint = new Map<string, { raw: bigint; decimals: number }>();
  for (const program of [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]) {
    for (const account of ctx.solana.getProgramAccounts(program)) {
      const state = decodeTokenAccount(account.data);
      if (!state || state.state === 'uninitialized' || state.owner !== query.accountAddress) continue;
      const decimals = mintDecimals(ctx.solana, state.mint);
      if (decimals === null) continue;
      byMint.set(state.mint, { raw: (byMint.get(state.mint)?.raw ?? 0n) + state.amount, decimals });
    }
  }
  const tokens = [...byMint].map(([mint, { raw, decimals }]) => entry(mint, raw, decimals, { name: 'Unknown token', symbol: `${mint.slice(0, 4)}…` }));
  tokens.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address));
  if (query.includeNative === false) return tokens;
  return [entry(NATIVE_SOL_ADDRESS, ctx.solana.getBalance(query.accountAddress), 9, NATIVE_SOL_SEED), ...tokens];
}
