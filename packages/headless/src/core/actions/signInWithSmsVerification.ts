import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithSmsVerificationParameters {
  verificationUUID: string;
  /** The code the user received by SMS. */
  verificationToken: string;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type SignInWithSmsVerificationReturnType = SignInResponse;

/**
 * POST /smsVerifications/signin: exchanges the code for a sign-in response. It does not touch the
 * session; the SMS flow hands the response to it (`server.signedIn`).
 */
export function signInWithSmsVerification(
  client: ApiClient,
  parameters: SignInWithSmsVerificationParameters,
): Promise<SignInWithSmsVerificationReturnType> {
  return client.api.request('signInWithSmsVerification', { body: parameters });
}
