import type { RecoveryCodes } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type RegenerateRecoveryCodesReturnType = RecoveryCodes;

/** POST /users/mfa/recovery (bearer): a new set of recovery codes, shown once; the old ones stop working. */
export function regenerateRecoveryCodes(client: ApiClient): Promise<RegenerateRecoveryCodesReturnType> {
  return client.api.request('regenerateRecoveryCodes', {});
}
