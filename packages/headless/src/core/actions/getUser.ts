import type { User } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface GetUserParameters {
  /** Use this token instead of the current session's. */
  jwt?: string;
}
export type GetUserReturnType = User;

/** GET /users (bearer): the signed-in user. */
export async function getUser(client: ApiClient, parameters: GetUserParameters = {}): Promise<GetUserReturnType> {
  const { user } = await client.api.request('getUser', parameters.jwt ? { jwt: parameters.jwt } : {});
  return user;
}
