import type { SessionKeyChallenge, SessionKeyChallengeRequest } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type CreateSessionKeyChallengeParameters = SessionKeyChallengeRequest;
export type CreateSessionKeyChallengeReturnType = SessionKeyChallenge;

/**
 * POST /users/embeddedWallets/sessionKey/challenge (bearer): what a passkey-protected wallet's proof signs to
 * register `publicKey` — the custody request for it with a single-use server nonce and its expiry.
 */
export function createSessionKeyChallenge(client: ApiClient, parameters: CreateSessionKeyChallengeParameters): Promise<CreateSessionKeyChallengeReturnType> {
  return client.api.request('createSessionKeyChallenge', { body: parameters });
}
