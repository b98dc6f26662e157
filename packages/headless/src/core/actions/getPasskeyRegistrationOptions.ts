import type { PasskeyRegistrationOptions } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetPasskeyRegistrationOptionsReturnType = PasskeyRegistrationOptions;

/** GET /users/passkeys/register (bearer): creation options for a new passkey of the signed-in user. */
export function getPasskeyRegistrationOptions(client: ApiClient): Promise<GetPasskeyRegistrationOptionsReturnType> {
  return client.api.request('getPasskeyRegistrationOptions', {});
}
