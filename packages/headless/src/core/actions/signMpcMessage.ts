import type { MpcRoom } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type SignMpcMessageParameters = { walletId: string; message: string };
export type SignMpcMessageReturnType = MpcRoom;

/** POST /waas/{walletId}/signMessage (bearer): opens a signing room for `message` (the bytes to sign, lowercase hex). */
export async function signMpcMessage(client: ApiClient, parameters: SignMpcMessageParameters): Promise<SignMpcMessageReturnType> {
  return client.api.request('signMpcMessage', { params: { walletId: parameters.walletId }, body: { message: parameters.message } });
}
