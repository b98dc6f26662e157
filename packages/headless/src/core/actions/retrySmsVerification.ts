import type { VerificationCreated } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

/** Phone verification of SPEC §3: the body of `smsVerifications/retry`. */
export interface RetrySmsVerificationParameters {
  verificationUUID: string;
  phoneCountryCode: string;
  phoneNumber: string;
  isoCountryCode: string;
  captchaToken?: string;
}
export type RetrySmsVerificationReturnType = VerificationCreated;

/** POST /smsVerifications/retry: sends a new code for an existing verification of the same number. */
export function retrySmsVerification(
  client: ApiClient,
  parameters: RetrySmsVerificationParameters,
): Promise<RetrySmsVerificationReturnType> {
  return client.api.request('retrySmsVerification', { body: parameters });
}
