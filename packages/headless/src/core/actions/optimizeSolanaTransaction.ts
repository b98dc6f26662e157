import type { ApiClient } from '../transport/createApi.js';

export interface OptimizeSolanaTransactionParameters {
  environmentId?: string;
  address: string;
  /** The serialized transaction, base64. */
  transaction: string;
}
export interface OptimizeSolanaTransactionReturnType {
  transaction: string;
}

/** POST /solana/optimizeTransaction (SPEC §7): the product API's version of the transaction (possibly unchanged). */
export function optimizeSolanaTransaction(client: ApiClient, parameters: OptimizeSolanaTransactionParameters): Promise<OptimizeSolanaTransactionReturnType> {
  return client.api.request('optimizeSolanaTransaction', { body: parameters });
}
