import type { SocialProvider, TelegramAuth } from '@latchkey/protocol';
import { fromCallback, fromPromise } from 'xstate';
import { initSocialAuth } from '../../actions/initSocialAuth.js';
import { createPkce } from '../../oauth/pkce.js';
import type { PopupHandle, SocialBrowser } from '../../oauth/socialBrowser.js';
import { telegramAttempt } from './telegramAttempt.js';
import type { AuthorizationMessage, PreparedAttempt, SocialSignInClient, SocialSignInEvent } from './socialSignInTypes.js';

/** The popup strategy's actors: start the attempt with the server (PKCE), then listen for the redirect page's message. */

/** Starts a popup attempt: PKCE and `initAuth` (Telegram: the kit's own state and page). */
export const preparePopupAttempt = fromPromise<PreparedAttempt, { client: SocialSignInClient; provider: SocialProvider; redirectUrl?: string }>(async ({ input }) => {
  if (input.provider === 'telegram') return telegramAttempt(input.client);
  const pkce = await createPkce();
  const response = await initSocialAuth(input.client, {
    provider: input.provider,
    codeChallenge: pkce.challenge,
    ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
  });
  return { ...response, verifier: pkce.verifier };
});

/** The message the redirect page posts (SPEC §7): only from `origin`, only this provider's. */
export function asAuthorizationMessage(data: unknown, provider: string): AuthorizationMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (provider === 'telegram') {
    if (record['type'] !== 'telegram_auth_response') return undefined;
    const auth = record['telegramAuth'];
    return {
      provider,
      state: typeof record['state'] === 'string' ? record['state'] : undefined,
      telegramAuth: typeof auth === 'object' && auth !== null ? (auth as TelegramAuth) : undefined,
    };
  }
  if (record['type'] !== 'authorization_response' || record['provider'] !== provider) return undefined;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return { provider, code: text('code'), state: text('state'), error: text('error') };
}

/**
 * Listens for the authorization message; anything not from the redirect origin is ignored, whatever it says, and so is
 * a message of that origin from another window than our popup (a frame or tab of the API origin).
 */
export const listenForAuthorization = fromCallback<SocialSignInEvent, { browser: SocialBrowser; origin: string; provider: string; popup?: PopupHandle | null | undefined }>(
  ({ input, sendBack }) =>
    input.browser.onMessage((received) => {
      if (received.origin !== input.origin) return;
      if (input.popup?.isSource && received.source !== undefined && !input.popup.isSource(received.source)) return;
      const message = asAuthorizationMessage(received.data, input.provider);
      if (message) sendBack({ type: 'server.authorization', message });
    }),
);
