import type { EmbeddedWalletEmailAuth } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type StartEmailRecoveryParameters = EmbeddedWalletEmailAuth;

/**
 * POST /users/embeddedWallets/emailAuth (bearer): the custody provider e-mails a recovery code
 * encrypted to `sessionPublicKey`. 'Cannot proceed with your request' (`email_recovery_disabled`)
 * when the project has no e-mail recovery.
 */
export async function startEmailRecovery(client: ApiClient, parameters: StartEmailRecoveryParameters): Promise<void> {
  await client.api.request('startEmbeddedWalletEmailAuth', { body: parameters });
}
