import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface AuthenticateMfaTotpParameters {
  /** The device to check the code against; the default one when omitted. */
  id?: string;
  code: string;
}
export type AuthenticateMfaTotpReturnType = SignInResponse;

/**
 * POST /users/mfa/auth/totp, with the pending sign-in's MFA token as bearer: the code of the
 * user's authenticator app finishes the sign-in. The MFA flow hands the answer to the session.
 */
export function authenticateMfaTotp(client: ApiClient, parameters: AuthenticateMfaTotpParameters): Promise<AuthenticateMfaTotpReturnType> {
  return client.api.request('authenticateMfaTotp', { body: parameters });
}
