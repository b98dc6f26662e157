import type { PasskeyAuthenticationOptions } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetMfaPasskeyAuthenticationOptionsReturnType = PasskeyAuthenticationOptions;

/** GET /users/mfa/auth/passkey (the MFA token as bearer): request options allowing the user's MFA passkeys; none → `mfa_device_not_found`. */
export function getMfaPasskeyAuthenticationOptions(client: ApiClient): Promise<GetMfaPasskeyAuthenticationOptionsReturnType> {
  return client.api.request('getMfaPasskeyAuthenticationOptions', {});
}
