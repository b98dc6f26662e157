import type { VerificationCreated } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

/** Phone sign-in of SPEC §3: the body of `smsVerifications/create` (parts from `parsePhone`). */
export interface CreateSmsVerificationParameters {
  phoneCountryCode: string;
  phoneNumber: string;
  isoCountryCode: string;
  captchaToken?: string;
}
export type CreateSmsVerificationReturnType = VerificationCreated;

/** POST /smsVerifications/create: sends a one-time code by SMS. Check the number with `parsePhone` first. */
export function createSmsVerification(
  client: ApiClient,
  parameters: CreateSmsVerificationParameters,
): Promise<CreateSmsVerificationReturnType> {
  return client.api.request('createSmsVerification', { body: parameters });
}
