import type { SignInResponse, TelegramAuth } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export interface SignInWithTelegramParameters {
  /** The login widget's data, as the Telegram return page posts it. */
  telegramAuth: TelegramAuth;
  /** The state the kit sent with /telegram/auth. */
  state: string;
}
export type SignInWithTelegramReturnType = SignInResponse;

/** POST /telegram/signin: the signed Telegram data for a sign-in. */
export function signInWithTelegram(client: ApiClient, parameters: SignInWithTelegramParameters): Promise<SignInWithTelegramReturnType> {
  return client.api.request('signInWithTelegram', { body: parameters });
}
