import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithEmailVerificationParameters {
  verificationUUID: string;
  /** The code the user received. */
  verificationToken: string;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type SignInWithEmailVerificationReturnType = SignInResponse;

/**
 * POST /emailVerifications/signin: exchanges the code for a sign-in response. It does not touch
 * the session; the e-mail flow hands the response to it (`server.signedIn`).
 */
export function signInWithEmailVerification(
  client: ApiClient,
  parameters: SignInWithEmailVerificationParameters,
): Promise<SignInWithEmailVerificationReturnType> {
  return client.api.request('signInWithEmailVerification', { body: parameters });
}
