import type { AuthenticationCredential, SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithPasskeyParameters {
  /** What the authentication ceremony returned. */
  credential: AuthenticationCredential;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type SignInWithPasskeyReturnType = SignInResponse;

/**
 * POST /users/passkeys/signin: exchanges an assertion for a sign-in response. It does not touch
 * the session; the passkey flow hands the response to it (`server.signedIn`).
 */
export function signInWithPasskey(client: ApiClient, parameters: SignInWithPasskeyParameters): Promise<SignInWithPasskeyReturnType> {
  return client.api.request('signInWithPasskey', { body: parameters });
}
