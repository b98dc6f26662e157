import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type LinkWalletParameters = VerifyRequest;
export type LinkWalletReturnType = SignInResponse;

/** POST /verify/link (bearer): links the wallet to the signed-in user (not as primary). */
export function linkWallet(client: ApiClient, parameters: LinkWalletParameters): Promise<LinkWalletReturnType> {
  return client.api.request('linkWallet', { body: parameters });
}
