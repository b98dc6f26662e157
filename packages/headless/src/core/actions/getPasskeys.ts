import type { PasskeyList } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetPasskeysReturnType = PasskeyList;

/** GET /users/passkeys (bearer): the signed-in user's passkeys, oldest first. */
export function getPasskeys(client: ApiClient): Promise<GetPasskeysReturnType> {
  return client.api.request('getPasskeys', {});
}
