import type { SignInResponse, SocialProvider } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithSocialParameters {
  provider: SocialProvider;
  code: string;
  codeVerifier: string;
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
