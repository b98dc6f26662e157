import type { KeyGeneration, MpcRoom } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type CreateMpcWalletParameters = KeyGeneration;
export type CreateMpcWalletReturnType = MpcRoom;

/** POST /waas/create (bearer): opens a keygen room for the client's keygen ids; the DKG runs over the MPC socket. */
export async function createMpcWallet(client: ApiClient, parameters: CreateMpcWalletParameters): Promise<CreateMpcWalletReturnType> {
  return client.api.request('createMpcWallet', { body: parameters });
}
