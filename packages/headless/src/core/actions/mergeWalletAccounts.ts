import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type MergeWalletAccountsParameters = VerifyRequest;
export type MergeWalletAccountsReturnType = SignInResponse;

/** POST /verify/merge (bearer): merges the wallet's account into the signed-in user's (after merge_accounts_confirmation). */
export function mergeWalletAccounts(client: ApiClient, parameters: MergeWalletAccountsParameters): Promise<MergeWalletAccountsReturnType> {
  return client.api.request('mergeAccounts', { body: parameters });
}
