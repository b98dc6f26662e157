import type { EmbeddedWalletCreation, SignInResponse } from '@latchkey/protocol';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { ApiClient } from '../transport/createApi.js';

export type CreateEmbeddedWalletParameters = EmbeddedWalletCreation;
export type CreateEmbeddedWalletReturnType = SignInResponse;

/**
 * POST /users/embeddedWallets (bearer): the server creates the custody sub-organization and a
 * Solana wallet; the answer is a fresh sign-in response whose user carries the wallet credential.
 */
export async function createEmbeddedWallet(
  client: ApiClient & { session?: Pick<SessionActorRef, 'send'> },
  parameters: CreateEmbeddedWalletParameters,
): Promise<CreateEmbeddedWalletReturnType> {
  const response = await client.api.request('createEmbeddedWallet', { body: parameters });
  client.session?.send({ type: 'server.signedIn', response });
  return response;
}
