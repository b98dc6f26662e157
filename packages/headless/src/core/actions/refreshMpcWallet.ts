import type { MpcRoom } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type RefreshMpcWalletParameters = { walletId: string };
export type RefreshMpcWalletReturnType = MpcRoom;

/** POST /waas/{walletId}/refresh (bearer): opens a refresh room (new shares, same scheme, same key). */
export async function refreshMpcWallet(client: ApiClient, parameters: RefreshMpcWalletParameters): Promise<RefreshMpcWalletReturnType> {
  return client.api.request('refreshMpcWallet', { params: { walletId: parameters.walletId } });
}
