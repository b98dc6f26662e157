import type { RecoveredKeyShares } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type RecoverKeySharesParameters = { walletId: string; keyShareIds: string[] };
export type RecoverKeySharesReturnType = RecoveredKeyShares;

/** POST /waas/{walletId}/keyShares/recover (bearer): the encrypted shares the product API keeps, by backup id. */
export async function recoverKeyShares(client: ApiClient, parameters: RecoverKeySharesParameters): Promise<RecoverKeySharesReturnType> {
  return client.api.request('recoverKeyShares', { params: { walletId: parameters.walletId }, body: { keyShareIds: parameters.keyShareIds } });
}
