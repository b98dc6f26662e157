import type { TransactionRequest, TransactionSimulation } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type SimulateSolanaTransactionParameters = TransactionRequest;
export type SimulateSolanaTransactionReturnType = TransactionSimulation;

/** POST /solana/simulateTransaction: what the transactions would move in and out of `accountAddress` (SPEC §3). */
export function simulateSolanaTransaction(client: ApiClient, parameters: SimulateSolanaTransactionParameters): Promise<SimulateSolanaTransactionReturnType> {
  return client.api.request('simulateSolanaTransaction', { body: parameters });
}
