import type { SessionKeyRegistration, SessionKeyResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type RegisterSessionKeyParameters = SessionKeyRegistration;
export type RegisterSessionKeyReturnType = SessionKeyResponse;

/**
 * POST /users/embeddedWallets/sessionKey (bearer): the key may stamp for the wallet until `expiresAt`. A wallet its
 * passkey protects needs `challenge` (createSessionKeyChallenge) with `passkeyStamp` or `prevSessionKeySignature`.
 */
export function registerSessionKey(client: ApiClient, parameters: RegisterSessionKeyParameters): Promise<RegisterSessionKeyReturnType> {
  return client.api.request('registerSessionKey', { body: parameters });
}
