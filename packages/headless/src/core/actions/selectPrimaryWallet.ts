import type { User } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SelectPrimaryWalletParameters {
  /** The wallet's verified credential id. */
  walletId: string;
}
export type SelectPrimaryWalletReturnType = User;

/** PUT /users/wallets/selection (bearer): makes the wallet the user's primary one. */
export async function selectPrimaryWallet(client: ApiClient, parameters: SelectPrimaryWalletParameters): Promise<SelectPrimaryWalletReturnType> {
  return (await client.api.request('selectWallet', { body: { walletId: parameters.walletId } })).user;
}
