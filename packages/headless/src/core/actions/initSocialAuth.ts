import type { OAuthInitAuthResponse, SocialProvider } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface InitSocialAuthParameters {
  provider: SocialProvider;
  /** base64url SHA-256 of the PKCE verifier the kit keeps. */
  codeChallenge?: string;
  /** Apple's SDK flow only (no PKCE): SHA-256 (hex) of the raw nonce the kit keeps; the ID token carries it. */
  nonce?: string;
  /** The redirect strategy: where the provider's return lands (the app page). Popup: omitted. */
  redirectUrl?: string;
}
export type InitSocialAuthReturnType = OAuthInitAuthResponse;

/** POST /providers/{provider}/initAuth: a state bound to the challenge, and the provider's sign-in URL. */
export function initSocialAuth(client: ApiClient, parameters: InitSocialAuthParameters): Promise<InitSocialAuthReturnType> {
  const { provider, ...body } = parameters;
  return client.api.request('initSocialAuth', { params: { provider }, body: { codeChallengeMethod: 'S256', ...body } });
}
