import type { RecoveryCodes } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetRecoveryCodesReturnType = RecoveryCodes;

/**
 * GET /users/mfa/recovery (bearer): the first call generates the recovery codes and returns them —
 * the only time they are shown; later calls return how many are left and no codes.
 */
export function getRecoveryCodes(client: ApiClient): Promise<GetRecoveryCodesReturnType> {
  return client.api.request('getRecoveryCodes', {});
}
