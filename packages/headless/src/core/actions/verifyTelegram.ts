import type { SignInResponse } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';
import type { SignInWithTelegramParameters } from './signInWithTelegram.js';

export type VerifyTelegramParameters = SignInWithTelegramParameters;
export type VerifyTelegramReturnType = SignInResponse;

/** POST /telegram/verify (bearer): links the Telegram account to the signed-in user. */
export function verifyTelegram(client: ApiClient, parameters: VerifyTelegramParameters): Promise<VerifyTelegramReturnType> {
  return client.api.request('verifyTelegram', { body: parameters });
}
