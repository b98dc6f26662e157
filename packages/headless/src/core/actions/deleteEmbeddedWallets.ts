import type { User, WalletDeletion } from '@latchkey/protocol';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { ApiClient } from '../transport/createApi.js';

export type DeleteEmbeddedWalletsParameters = WalletDeletion;
export type DeleteEmbeddedWalletsReturnType = User;

/** DELETE /users/embeddedWallets (bearer): `walletIds` are the wallets' credential ids. */
export async function deleteEmbeddedWallets(
  client: ApiClient & { session?: Pick<SessionActorRef, 'send'> },
  parameters: DeleteEmbeddedWalletsParameters,
): Promise<DeleteEmbeddedWalletsReturnType> {
  const { user } = await client.api.request('deleteEmbeddedWallets', { body: parameters });
  client.session?.send({ type: 'server.userUpdated', user });
  return user;
}
