import type { AuthenticationCredential, SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface AuthenticateMfaPasskeyParameters {
  /** What the authentication ceremony returned. */
  credential: AuthenticationCredential;
}
export type AuthenticateMfaPasskeyReturnType = SignInResponse;

/**
 * POST /users/mfa/auth/passkey (the MFA token as bearer): the assertion of an MFA passkey finishes
 * the sign-in. A bad one is `invalid_verification` (it counts towards the attempt limit).
 */
export function authenticateMfaPasskey(client: ApiClient, parameters: AuthenticateMfaPasskeyParameters): Promise<AuthenticateMfaPasskeyReturnType> {
  return client.api.request('authenticateMfaPasskey', { body: parameters });
}
