import type { ApiClient } from '../transport/createApi.js';

export interface RevokeSessionParameters {
  /** Revoke this token instead of the current session's. */
  jwt?: string;
}

/** POST /revoke (bearer): ends the session on the server. */
export async function revokeSession(client: ApiClient, parameters: RevokeSessionParameters = {}): Promise<void> {
  await client.api.request('revoke', parameters.jwt ? { jwt: parameters.jwt } : {});
}
