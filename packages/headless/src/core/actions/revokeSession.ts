import type { ApiClient } from '../transport/createApi.js';

export interface RevokeSessionParameters {
  /** Revoke this token instead of the current session's. */
  jwt?: string;
  /** End every session of the user, on every device (POST /revoke/all), not only this one. */
  everywhere?: boolean;
}

/** POST /revoke (bearer): ends the session on the server; with `everywhere`, POST /revoke/all ends all of the user's. */
export async function revokeSession(client: ApiClient, parameters: RevokeSessionParameters = {}): Promise<void> {
  await client.api.request(parameters.everywhere ? 'revokeAll' : 'revoke', parameters.jwt ? { jwt: parameters.jwt } : {});
}
