import type { User, UserUpdate } from '@latchkey/protocol';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { ApiClient } from '../transport/createApi.js';

export type UpdateUserParameters = UserUpdate;
export type UpdateUserReturnType = User;

/**
 * PUT /users (bearer): updates the profile. When the client has a session, the session's user
 * is replaced by the server's answer so every reader sees the change.
 */
export async function updateUser(
  client: ApiClient & { session?: Pick<SessionActorRef, 'send'> },
  parameters: UpdateUserParameters,
): Promise<UpdateUserReturnType> {
  const { user } = await client.api.request('updateUser', { body: parameters });
  client.session?.send({ type: 'server.userUpdated', user });
  return user;
}
