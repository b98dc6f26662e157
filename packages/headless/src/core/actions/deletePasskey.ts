import type { ApiClient } from '../transport/createApi.js';

export interface DeletePasskeyParameters {
  id: string;
}

/** DELETE /users/passkeys (bearer): removes a passkey (and the credential it added to the user). */
export async function deletePasskey(client: ApiClient, parameters: DeletePasskeyParameters): Promise<void> {
  await client.api.request('deletePasskey', { body: parameters });
}
