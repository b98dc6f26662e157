import type { SessionInfo } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetSessionReturnType = SessionInfo;

/** GET /session (bearer): the session the current token belongs to. */
export function getSession(client: ApiClient): Promise<GetSessionReturnType> {
  return client.api.request('getSession');
}
