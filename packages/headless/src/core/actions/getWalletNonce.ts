import type { ApiClient } from '../transport/createApi.js';

export type GetWalletNonceReturnType = string;

/** GET /nonce: a single-use nonce for a Sign-In-With-Solana message. */
export async function getWalletNonce(client: ApiClient): Promise<GetWalletNonceReturnType> {
  return (await client.api.request('getNonce')).nonce;
}
