import * as z from 'zod';
import { domainSchema } from './common.js';
import { chainSchema, validationResultSchema } from './enums.js';
import { tokenDescriptionSchema } from './tokens.js';

/** Transaction records of SPEC §3: simulation, asset exposure, transaction request. */

/** Standard base64 (a serialized transaction). */
export const base64Schema = z.base64({ message: 'must be base64' });

/** Amount/unit pair of SPEC §3. */
export const amountUnitSchema = z.object({ amount: z.string().regex(/^\d+(?:\.\d+)?$/), unit: z.string().min(1) });

/** A value moved in a simulation: value, rawValue, summary, usdPrice (SPEC §3). */
export const assetValueSchema = z.object({
  value: z.string().regex(/^-?\d+(?:\.\d+)?$/, { message: 'must be a decimal number' }),
  rawValue: z.string().regex(/^\d+$/, { message: 'must be a non-negative integer' }),
  summary: z.string().optional(),
  usdPrice: z.number().nonnegative().optional(),
});

/** An asset flowing in or out. */
export const assetDiffSchema = z.object({ asset: tokenDescriptionSchema, transfers: z.array(assetValueSchema) });

/** Asset exposure of SPEC §3: an approval, per spender. */
export const assetExposureSchema = z.object({
  asset: tokenDescriptionSchema,
  spenderToInfo: z.record(
    z.string(),
    z.object({ amount: z.string(), spenderAlias: z.string().optional(), usdValue: z.number().optional() }),
  ),
});
export type AssetExposure = z.infer<typeof assetExposureSchema>;

/** Transaction simulation of SPEC §3 (POST /solana/simulateTransaction). */
export const transactionSimulationSchema = z.object({
  inAssets: z.array(assetDiffSchema),
  outAssets: z.array(assetDiffSchema),
  counterparties: z.array(z.string()).optional(),
  priceData: z.object({ nativeTokenUsdPrice: z.number().nonnegative().optional() }).optional(),
  showTotalFiat: z.boolean().optional(),
  validation: z.object({ result: validationResultSchema, description: z.string().optional(), reason: z.string().optional() }).optional(),
  assetExposures: z.array(assetExposureSchema).optional(),
});
export type TransactionSimulation = z.infer<typeof transactionSimulationSchema>;

/** Transaction request of SPEC §3: serialized transactions (base64) to simulate or send. */
export const transactionRequestSchema = z.object({
  chain: chainSchema,
  transactions: z.array(base64Schema).min(1).max(16),
  accountAddress: z.string().min(1),
  domain: domainSchema.optional(),
  method: z.string().optional(),
});
export type TransactionRequest = z.infer<typeof transactionRequestSchema>;

/** optimizeTransaction of SPEC §7 (POST /solana/optimizeTransaction). */
export const optimizeTransactionSchema = z.object({
  environmentId: z.string().min(1).optional(),
  address: z.string().min(1),
  transaction: base64Schema,
});
export const optimizedTransactionSchema = z.object({ transaction: base64Schema });
