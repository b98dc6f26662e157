import { ACCOUNT_DELETION_CONFIRMATION } from '@latchkey/protocol/constants';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { ApiClient } from '../transport/createApi.js';

export interface DeleteUserParameters {
  /** What the user typed; must be `ACCOUNT_DELETION_CONFIRMATION` ('DELETE'). */
  confirmation: string;
}

/**
 * DELETE /users (bearer): deletes the account and everything hanging off it. With MFA, the session must have passed
 * a second factor in the last 5 minutes (`mfa_invalid_request` otherwise). On success the client signs out locally
 * (the server has already ended the session).
 */
export async function deleteUser(client: ApiClient & { session?: Pick<SessionActorRef, 'send'> }, parameters: DeleteUserParameters): Promise<void> {
  await client.api.request('deleteUser', { body: { confirmation: parameters.confirmation as typeof ACCOUNT_DELETION_CONFIRMATION } });
  client.session?.send({ type: 'user.signOut' });
}
