import type { MfaUserMethods } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetMfaMethodsReturnType = MfaUserMethods;

/**
 * GET /users/mfa/methods (bearer: the session, or the MFA token while a second factor is pending):
 * the second-factor types the user has (`methods`, the default device's type first) and whether an
 * unused recovery code is left (`hasRecoveryCodes`).
 */
export function getMfaMethods(client: ApiClient): Promise<GetMfaMethodsReturnType> {
  return client.api.request('getMfaMethods', {});
}
