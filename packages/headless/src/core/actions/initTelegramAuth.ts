import type { OAuthInitAuthResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type InitTelegramAuthReturnType = OAuthInitAuthResponse;

/**
 * POST /telegram/initAuth: a fresh state, bound by the server to this page's origin (the request's `Origin`), and
 * the /telegram/auth page to open with it — the login data goes back to this origin only, with or without a Referer.
 */
export function initTelegramAuth(client: ApiClient): Promise<InitTelegramAuthReturnType> {
  return client.api.request('initTelegramAuth', { body: {} });
}
