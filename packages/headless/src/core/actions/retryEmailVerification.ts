import type { VerificationCreated } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';
import { validateEmail } from '../validation/validateEmail.js';

export interface RetryEmailVerificationParameters {
  verificationUUID: string;
  email: string;
  captchaToken?: string;
}
export type RetryEmailVerificationReturnType = VerificationCreated;

/** POST /emailVerifications/retry: sends a new code for an existing verification. */
export async function retryEmailVerification(
  client: ApiClient,
  parameters: RetryEmailVerificationParameters,
): Promise<RetryEmailVerificationReturnType> {
  const email = validateEmail(parameters.email);
  return client.api.request('retryEmailVerification', { body: { ...parameters, email } });
}
