import type { SignInResponse, TelegramAuth } from '@latchkey/protocol';
import { captchaFields } from '../../captcha/captchaFields.js';
import { initTelegramAuth } from '../../actions/initTelegramAuth.js';
import { signInWithTelegram } from '../../actions/signInWithTelegram.js';
import { verifyTelegram } from '../../actions/verifyTelegram.js';
import type { Purpose } from '../signInHandOver.js';
import type { PreparedAttempt, SocialSignInClient } from './socialSignInTypes.js';

/**
 * Telegram has no code exchange: the server registers a state with this page's origin (`initTelegramAuth`, so the
 * login page needs no Referer to know where to hand the data) and the popup opens its `/telegram/auth` page; the page
 * posts the login widget's data back with the state, which must match (SPEC §4).
 */
export async function telegramAttempt(client: SocialSignInClient): Promise<PreparedAttempt> {
  return { ...(await initTelegramAuth(client)), verifier: '' };
}

/** Telegram's answer signs in (`/telegram/signin`) or links the account (`/telegram/verify`). */
export async function exchangeTelegram(client: SocialSignInClient, purpose: Purpose, telegramAuth: TelegramAuth, state: string): Promise<SignInResponse> {
  const parameters = { telegramAuth, state };
  if (purpose === 'link') return verifyTelegram(client, parameters);
  return signInWithTelegram(client, { ...parameters, ...(await captchaFields(client)) });
}
