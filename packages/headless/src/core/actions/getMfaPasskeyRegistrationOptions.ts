import type { PasskeyRegistrationOptions } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetMfaPasskeyRegistrationOptionsReturnType = PasskeyRegistrationOptions;

/** GET /users/mfa/register/passkey (bearer; the MFA token while a required enrolment is pending): creation options for a passkey as a second factor. */
export function getMfaPasskeyRegistrationOptions(client: ApiClient): Promise<GetMfaPasskeyRegistrationOptionsReturnType> {
  return client.api.request('getMfaPasskeyRegistrationOptions', {});
}
