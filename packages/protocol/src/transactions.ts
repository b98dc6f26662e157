import * as z from 'zod/mini';
import { domainSchema } from './common.js';
import { chainSchema, validationResultSchema } from './enums.js';
import { tokenDescriptionSchema } from './tokens.js';

/** Transaction records of SPEC §3: simulation, asset exposure, transaction request. */

/** Standard base64 (a serialized transaction). */
export const base64Schema = z.base64({ message: 'must be base64' });

/** Amount/unit pair of SPEC §3. */
export const amountUnitSchema = z.object({ amount: z.string().check(z.regex(/^\d+(?:\.\d+)?$/)), unit: z.string().check(z.minLength(1)) });

/** A value moved in a simulation: value, rawValue, summary, usdPrice (SPEC §3). */
export const assetValueSchema = z.object({
  value: z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/, { message: 'must be a decimal number' })),
  rawValue: z.string().check(z.regex(/^\d+$/, { message: 'must be a non-negative integer' })),
  summary: z.optional(z.string()),
  usdPrice: z.optional(z.number().check(z.nonnegative())),
});

/** An asset flowing in or out. */
export const assetDiffSchema = z.object({ asset: tokenDescriptionSchema, transfers: z.array(assetValueSchema) });

/** Asset exposure of SPEC §3: an approval, per spender. */
export const assetExposureSchema = z.object({
  asset: tokenDescriptionSchema,
  spenderToInfo: z.record(
    z.string(),
    z.object({ amount: z.string(), spenderAlias: z.optional(z.string()), usdValue: z.optional(z.number()) }),
  ),
});
export type AssetExposure = z.infer<typeof assetExposureSchema>;

/** Transaction simulation of SPEC §3 (POST /solana/simulateTransaction). */
export const transactionSimulationSchema = z.object({
  inAssets: z.array(assetDiffSchema),
  outAssets: z.array(assetDiffSchema),
  counterparties: z.optional(z.array(z.string())),
  priceData: z.optional(z.object({ nativeTokenUsdPrice: z.optional(z.number().check(z.nonnegative())) })),
  showTotalFiat: z.optional(z.boolean()),
  validation: z.optional(z.object({ result: validationResultSchema, description: z.optional(z.string()), reason: z.optional(z.string()) })),
  assetExposures: z.optional(z.array(assetExposureSchema)),
});
export type TransactionSimulation = z.infer<typeof transactionSimulationSchema>;

/** Transaction request of SPEC §3: serialized transactions (base64) to simulate or send. */
export const transactionRequestSchema = z.object({
  chain: chainSchema,
  transactions: z.array(base64Schema).check(z.minLength(1), z.maxLength(16)),
  accountAddress: z.string().check(z.minLength(1)),
  domain: z.optional(domainSchema),
  method: z.optional(z.string()),
});
export type TransactionRequest = z.infer<typeof transactionRequestSchema>;

/** optimizeTransaction of SPEC §7 (POST /solana/optimizeTransaction). */
export const optimizeTransactionSchema = z.object({
  environmentId: z.optional(z.string().check(z.minLength(1))),
  address: z.string().check(z.minLength(1)),
  transaction: base64Schema,
});
export const optimizedTransactionSchema = z.object({ transaction: base64Schema });
