import * as z from 'zod';
import { secureUrlSchema } from './common.js';
import { chainSchema, currencyKindSchema, onrampProviderSchema } from './enums.js';
import { networkIdSchema } from './networks.js';

/** Token and money records of SPEC §3: balances, token descriptions, currencies, onramps. */

const decimalsSchema = z.number().int().min(0).max(255);
/** An integer amount in base units; a string when it exceeds the safe integer range. */
export const rawAmountSchema = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$/, { message: 'must be a non-negative integer' }),
]);

/** Token balance of SPEC §3 (GET /chains/{chainName}/balances entries). */
export const tokenBalanceSchema = z.object({
  networkId: networkIdSchema,
  address: z.string().min(1),
  name: z.string(),
  symbol: z.string(),
  decimals: decimalsSchema,
  logoURI: z.string().optional(),
  balance: z.number().nonnegative(),
  rawBalance: rawAmountSchema,
  price: z.number().nonnegative().optional(),
  marketValue: z.number().nonnegative().optional(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** Native token price of SPEC §3. */
export const nativeTokenPriceSchema = z.object({ nativeTokenUsdPrice: z.number().nonnegative().optional() });

/** Token description of SPEC §3. */
export const tokenDescriptionSchema = z.object({
  decimals: decimalsSchema,
  name: z.string(),
  symbol: z.string(),
  denom: z.string().optional(),
  iconUrl: secureUrlSchema.optional(),
  pricingProviderTokenId: z.string().optional(),
});
export type TokenDescription = z.infer<typeof tokenDescriptionSchema>;

/** Token transfer or asset of SPEC §3. */
export const tokenAssetSchema = z.object({
  address: z.string().min(1),
  chainId: networkIdSchema,
  chainName: z.string().min(1),
  decimals: decimalsSchema,
  logoUrl: z.string().optional(),
  name: z.string(),
  symbol: z.string(),
  type: z.string().min(1),
});
export type TokenAsset = z.infer<typeof tokenAssetSchema>;

/** Currency of SPEC §3. */
export const currencySchema = z.object({
  name: z.string().min(1),
  symbol: z.string().min(1),
  type: currencyKindSchema,
  code: z.string().min(1),
  value: z.number().optional(),
});
export type Currency = z.infer<typeof currencySchema>;

/** Onramp of SPEC §3 (GET /onramps). */
export const onrampSchema = z.object({
  enabled: z.boolean(),
  minAmount: z.object({ amount: z.number().positive(), currency: z.string().min(1) }).optional(),
  onramps: z.array(
    z.object({ provider: onrampProviderSchema, name: z.string().min(1), iconUrl: secureUrlSchema.optional(), url: secureUrlSchema }),
  ),
});
export type Onramp = z.infer<typeof onrampSchema>;

/** GET /onramps query. */
export const onrampQuerySchema = z.object({
  chain: chainSchema,
  walletAddress: z.string().min(1),
  networkId: z.string().optional(),
  token: z.string().optional(),
});

/**
 * GET /chains/{chainName}/balances query (query values are strings): the balances of `accountAddress` on `networkId`
 * (default: the project's network the server serves). `includeNative` (default true) puts the native token first, its
 * `address` the wrapped-native mint (`So11111111111111111111111111111111111111112` for SOL) and its `price` the
 * native token's USD price (SPEC §3 `nativeTokenUsdPrice`); `includePrices` (default true) adds `price` and
 * `marketValue` where the server knows a USD price. No bearer token needed.
 */
export const balancesQuerySchema = z.object({
  accountAddress: z.string().min(1),
  networkId: z.coerce.number().int().nonnegative().optional(),
  includePrices: z.stringbool().optional(),
  includeNative: z.stringbool().optional(),
});
