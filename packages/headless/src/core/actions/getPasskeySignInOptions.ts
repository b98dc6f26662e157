import type { PasskeyAuthenticationOptions } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetPasskeySignInOptionsReturnType = PasskeyAuthenticationOptions;

/** GET /users/passkeys/signin: request options for signing in with a discoverable credential. */
export function getPasskeySignInOptions(client: ApiClient): Promise<GetPasskeySignInOptionsReturnType> {
  return client.api.request('getPasskeySignInOptions', {});
}
