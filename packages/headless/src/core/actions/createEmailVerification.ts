import type { VerificationCreated } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';
import { validateEmail } from '../validation/validateEmail.js';

export interface CreateEmailVerificationParameters {
  email: string;
  captchaToken?: string;
}
export type CreateEmailVerificationReturnType = VerificationCreated;

/** POST /emailVerifications/create: sends a one-time code to `email`. A malformed address fails before any request. */
export async function createEmailVerification(
  client: ApiClient,
  parameters: CreateEmailVerificationParameters,
): Promise<CreateEmailVerificationReturnType> {
  const email = validateEmail(parameters.email);
  return client.api.request('createEmailVerification', { body: { ...parameters, email } });
}
