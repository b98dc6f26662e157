import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface AuthenticateMfaRecoveryCodeParameters {
  /** A recovery code such as `7kq2-m9xd`; each works once. */
  code: string;
}
export type AuthenticateMfaRecoveryCodeReturnType = SignInResponse;

/** POST /users/mfa/auth/recovery, with the pending sign-in's MFA token as bearer: a recovery code finishes the sign-in. */
export function authenticateMfaRecoveryCode(
  client: ApiClient,
  parameters: AuthenticateMfaRecoveryCodeParameters,
): Promise<AuthenticateMfaRecoveryCodeReturnType> {
  return client.api.request('authenticateMfaRecoveryCode', { body: parameters });
}
