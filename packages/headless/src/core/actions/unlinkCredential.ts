import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface UnlinkCredentialParameters {
  /** The verified credential to remove (the wire spells it `verifiedCrentialId`). */
  verifiedCredentialId: string;
}
export type UnlinkCredentialReturnType = SignInResponse;

/** POST /verify/unlink (bearer): removes one of the user's credentials; the last one is refused (`forbidden_unlink_request`). */
export function unlinkCredential(client: ApiClient, parameters: UnlinkCredentialParameters): Promise<UnlinkCredentialReturnType> {
  return client.api.request('unlinkWallet', { body: { verifiedCrentialId: parameters.verifiedCredentialId } });
}
