import type { TotpRegistration } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetTotpRegistrationReturnType = TotpRegistration;

/** GET /users/mfa/register/totp (bearer): a new, unverified TOTP device — its secret and otpauth URI. */
export function getTotpRegistration(client: ApiClient): Promise<GetTotpRegistrationReturnType> {
  return client.api.request('getTotpRegistration', {});
}
