import type { PasskeyRecord } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface UpdatePasskeyParameters {
  id: string;
  /** The new name (1–64 characters). */
  alias: string;
}
export type UpdatePasskeyReturnType = PasskeyRecord;

/** PUT /users/passkeys (bearer): renames a passkey. */
export function updatePasskey(client: ApiClient, parameters: UpdatePasskeyParameters): Promise<UpdatePasskeyReturnType> {
  return client.api.request('updatePasskey', { body: parameters });
}
