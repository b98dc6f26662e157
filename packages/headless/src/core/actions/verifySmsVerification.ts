import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface VerifySmsVerificationParameters {
  verificationUUID: string;
  verificationToken: string;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type VerifySmsVerificationReturnType = SignInResponse;

/**
 * POST /smsVerifications/verify (bearer): adds the verified phone number to the signed-in user
 * (`user_has_already_account_with_phone_number` when another user has it).
 */
export function verifySmsVerification(
  client: ApiClient,
  parameters: VerifySmsVerificationParameters,
): Promise<VerifySmsVerificationReturnType> {
  return client.api.request('verifySmsVerification', { body: parameters });
}
