import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface RefreshSessionParameters {
  /** Refresh this token instead of the current session's. */
  jwt?: string;
}
export type RefreshSessionReturnType = SignInResponse;

/** POST /refresh (bearer): a new JWT and expiry for the current session. */
export function refreshSession(client: ApiClient, parameters: RefreshSessionParameters = {}): Promise<RefreshSessionReturnType> {
  return client.api.request('refresh', parameters.jwt ? { jwt: parameters.jwt } : {});
}
