import type { MpcRoom, ThresholdSchemeChange } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type ReshareMpcWalletParameters = { walletId: string } & ThresholdSchemeChange;
export type ReshareMpcWalletReturnType = MpcRoom;

/** POST /waas/{walletId}/reshare (bearer): opens a reshare room to another threshold scheme (same key, same address). */
export async function reshareMpcWallet(client: ApiClient, parameters: ReshareMpcWalletParameters): Promise<ReshareMpcWalletReturnType> {
  const { walletId, ...change } = parameters;
  return client.api.request('reshareMpcWallet', { params: { walletId }, body: change });
}
