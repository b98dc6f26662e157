import * as z from 'zod/mini';
import { secureUrlSchema } from './common.js';
import { chainSchema, currencyKindSchema, onrampProviderSchema } from './enums.js';
import { networkIdSchema } from './networks.js';

/** Token and money records of SPEC §3: balances, token descriptions, currencies, onramps. */

const decimalsSchema = z.int().check(z.gte(0), z.lte(255));
/** An integer amount in base units; a string when it exceeds the safe integer range. */
export const rawAmountSchema = z.union([
  z.int().check(z.nonnegative()),
  z.string().check(z.regex(/^\d+$/, { message: 'must be a non-negative integer' })),
]);

/** Token balance of SPEC §3 (GET /chains/{chainName}/balances entries). */
export const tokenBalanceSchema = z.object({
  networkId: networkIdSchema,
  address: z.string().check(z.minLength(1)),
  name: z.string(),
  symbol: z.string(),
  decimals: decimalsSchema,
  logoURI: z.optional(z.string()),
  balance: z.number().check(z.nonnegative()),
  rawBalance: rawAmountSchema,
  price: z.optional(z.number().check(z.nonnegative())),
  marketValue: z.optional(z.number().check(z.nonnegative())),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** Native token price of SPEC §3. */
export const nativeTokenPriceSchema = z.object({ nativeTokenUsdPrice: z.optional(z.number().check(z.nonnegative())) });

/** Token description of SPEC §3. */
export const tokenDescriptionSchema = z.object({
  decimals: decimalsSchema,
  name: z.string(),
  symbol: z.string(),
  denom: z.optional(z.string()),
  iconUrl: z.optional(secureUrlSchema),
  pricingProviderTokenId: z.optional(z.string()),
});
export type TokenDescription = z.infer<typeof tokenDescriptionSchema>;

/** Token transfer or asset of SPEC §3. */
export const tokenAssetSchema = z.object({
  address: z.string().check(z.minLength(1)),
  chainId: networkIdSchema,
  chainName: z.string().check(z.minLength(1)),
  decimals: decimalsSchema,
  logoUrl: z.optional(z.string()),
  name: z.string(),
  symbol: z.string(),
  type: z.string().check(z.minLength(1)),
});
export type TokenAsset = z.infer<typeof tokenAssetSchema>;

/** Currency of SPEC §3. */
export const currencySchema = z.object({
  name: z.string().check(z.minLength(1)),
  symbol: z.string().check(z.minLength(1)),
  type: currencyKindSchema,
  code: z.string().check(z.minLength(1)),
  value: z.optional(z.number()),
});
export type Currency = z.infer<typeof currencySchema>;

/** Onramp of SPEC §3 (GET /onramps). */
export const onrampSchema = z.object({
  enabled: z.boolean(),
  minAmount: z.optional(z.object({ amount: z.number().check(z.positive()), currency: z.string().check(z.minLength(1)) })),
  onramps: z.array(
    z.object({ provider: onrampProviderSchema, name: z.string().check(z.minLength(1)), iconUrl: z.optional(secureUrlSchema), url: secureUrlSchema }),
  ),
});
export type Onramp = z.infer<typeof onrampSchema>;

/** GET /onramps query. */
export const onrampQuerySchema = z.object({
  chain: chainSchema,
  walletAddress: z.string().check(z.minLength(1)),
  networkId: z.optional(z.string()),
  token: z.optional(z.string()),
});

/**
 * GET /chains/{chainName}/balances query (query values are strings): the balances of `accountAddress` on `networkId`
 * (default: the project's network the server serves). `includeNative` (default true) puts the native token first, its
 * `address` the wrapped-native mint (`So11111111111111111111111111111111111111112` for SOL) and its `price` the
 * native token's USD price (SPEC §3 `nativeTokenUsdPrice`); `includePrices` (default true) adds `price` and
 * `marketValue` where the server knows a USD price. No bearer token needed.
 */
export const balancesQuerySchema = z.object({
  accountAddress: z.string().check(z.minLength(1)),
  networkId: z.optional(z.pipe(z.coerce.number(), z.int().check(z.nonnegative()))),
  includePrices: z.optional(z.stringbool()),
  includeNative: z.optional(z.stringbool()),
});
