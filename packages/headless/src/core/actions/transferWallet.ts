import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type TransferWalletParameters = VerifyRequest;
export type TransferWalletReturnType = SignInResponse;

/** POST /verify/transfer (bearer): moves the wallet from its account to the signed-in user's (after reassign_wallet_confirm). */
export function transferWallet(client: ApiClient, parameters: TransferWalletParameters): Promise<TransferWalletReturnType> {
  return client.api.request('transferWallet', { body: parameters });
}
