import type { PasskeyRegistered, RegistrationCredential } from '@latchkey/protocol';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { ApiClient } from '../transport/createApi.js';

export interface RegisterPasskeyParameters {
  /** What the registration ceremony returned. */
  credential: RegistrationCredential;
  /** A name for the passkey (1–64 characters). */
  alias?: string;
}
export type RegisterPasskeyReturnType = PasskeyRegistered;

/**
 * POST /users/passkeys/register (bearer): the server verifies the attestation and stores the
 * passkey. The session's user is replaced by the answer's (it now has a passkey credential).
 */
export async function registerPasskey(
  client: ApiClient & { session?: Pick<SessionActorRef, 'send'> },
  parameters: RegisterPasskeyParameters,
): Promise<RegisterPasskeyReturnType> {
  const registered = await client.api.request('registerPasskey', { body: parameters });
  client.session?.send({ type: 'server.userUpdated', user: registered.user });
  return registered;
}
