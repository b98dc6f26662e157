import type { SignInResponse, SocialProvider } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithSocialParameters {
  provider: SocialProvider;
  code: string;
  /** The PKCE verifier; Apple's SDK flow sends `nonce` instead. */
  codeVerifier?: string;
  /** Apple's SDK flow: the raw nonce whose SHA-256 (hex) initAuth received. */
  nonce?: string;
  state: string;
  captchaToken?: string;
  sessionPublicKey?: string;
}
export type SignInWithSocialReturnType = SignInResponse;

/** POST /providers/{provider}/signIn: exchanges the authorization code (with the PKCE verifier) for a sign-in. */
export function signInWithSocial(client: ApiClient, parameters: SignInWithSocialParameters): Promise<SignInWithSocialReturnType> {
  const { provider, ...body } = parameters;
  return client.api.request('signInWithSocial', { params: { provider }, body });
}
