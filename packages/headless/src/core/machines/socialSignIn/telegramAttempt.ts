import type { SignInResponse, TelegramAuth } from '@latchkey/protocol';
import { API_PATH_PREFIX } from '@latchkey/protocol/constants';
import { signInWithTelegram } from '../../actions/signInWithTelegram.js';
import { verifyTelegram } from '../../actions/verifyTelegram.js';
import type { Purpose } from '../signInHandOver.js';
import { randomState, type PreparedAttempt, type SocialSignInClient } from './socialSignInTypes.js';

/**
 * Telegram has no code exchange: the kit makes the state and opens the product's `/telegram/auth` page in the popup;
 * the page posts the login widget's data back with the state, which must match (SPEC §4).
 */
export function telegramAttempt(client: SocialSignInClient): PreparedAttempt {
  const state = randomState();
  const base = `${client.apiBaseUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}/sdk/${encodeURIComponent(client.environmentId)}`;
  return { state, verifier: '', redirectUrl: `${base}/telegram/auth`, authorizationUrl: `${base}/telegram/auth?state=${encodeURIComponent(state)}` };
}

/** Telegram's answer signs in (`/telegram/signin`) or links the account (`/telegram/verify`). */
export function exchangeTelegram(client: SocialSignInClient, purpose: Purpose, telegramAuth: TelegramAuth, state: string): Promise<SignInResponse> {
  const parameters = { telegramAuth, state };
  return purpose === 'link' ? verifyTelegram(client, parameters) : signInWithTelegram(client, parameters);
}
