import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type VerifyWalletParameters = VerifyRequest;
export type VerifyWalletReturnType = SignInResponse;

/** POST /verify: signs in with the wallet's signed message (created on first use). */
export function verifyWallet(client: ApiClient, parameters: VerifyWalletParameters): Promise<VerifyWalletReturnType> {
  return client.api.request('verifyWalletSignature', { body: parameters });
}
