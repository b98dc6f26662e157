import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';
import type { SignInWithSocialParameters } from './signInWithSocial.js';

export type VerifySocialParameters = SignInWithSocialParameters;
export type VerifySocialReturnType = SignInResponse;

/** POST /providers/{provider}/verify (bearer): links the social account to the signed-in user. */
export function verifySocial(client: ApiClient, parameters: VerifySocialParameters): Promise<VerifySocialReturnType> {
  const { provider, ...body } = parameters;
  return client.api.request('verifySocial', { params: { provider }, body });
}
