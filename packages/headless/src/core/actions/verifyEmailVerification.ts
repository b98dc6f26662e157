import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface VerifyEmailVerificationParameters {
  verificationUUID: string;
  verificationToken: string;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type VerifyEmailVerificationReturnType = SignInResponse;

/** POST /emailVerifications/verify (bearer): adds the verified e-mail to the signed-in user. */
export function verifyEmailVerification(
  client: ApiClient,
  parameters: VerifyEmailVerificationParameters,
): Promise<VerifyEmailVerificationReturnType> {
  return client.api.request('verifyEmailVerification', { body: parameters });
}
