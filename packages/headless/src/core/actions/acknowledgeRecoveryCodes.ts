import type { User } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type AcknowledgeRecoveryCodesReturnType = { user: User };

/**
 * POST /users/mfa/recovery/acknowledge (bearer): the user saved the recovery codes shown to them;
 * the answer's user carries `mfaBackupCodeAcknowledgement: 'complete'`. Without codes:
 * `mfa_invalid_request`.
 */
export function acknowledgeRecoveryCodes(client: ApiClient): Promise<AcknowledgeRecoveryCodesReturnType> {
  return client.api.request('acknowledgeRecoveryCodes', {});
}
