import type { OAuthInitAuthResponse, ProjectSettings, SignInResponse, SocialProvider, TelegramAuth } from '@latchkey/protocol';
import { captchaFields, type CaptchaClient } from '../../captcha/captchaFields.js';
import { signInWithSocial } from '../../actions/signInWithSocial.js';
import { verifySocial } from '../../actions/verifySocial.js';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { AppleIdAuth, AppleSdkLoader } from '../../oauth/appleSdk.js';
import type { PopupHandle, SocialBrowser } from '../../oauth/socialBrowser.js';
import type { Store } from '../../storage/createStore.js';
import type { ApiClient } from '../../transport/createApi.js';
import type { Purpose, SessionLink } from '../signInHandOver.js';

/** How long a popup attempt may take before it ends as a session timeout. */
export const SOCIAL_SESSION_TIMEOUT_MS = 5 * 60_000;
/** How long a popup found closed is still waited for, for its message on the way (the redirect page posts, then closes). */
export const SOCIAL_POPUP_CLOSE_GRACE_MS = 1_000;
/** A redirect attempt older than this is stale when the browser comes back. */
export const SOCIAL_REDIRECT_MAX_AGE_MS = 10 * 60_000;
/** Storage key of the redirect attempt (state + verifier, or Apple's raw nonce, across the full-page round trip). */
export const REDIRECT_ATTEMPT_KEY = 'socialRedirect';

export interface SocialSignInClient extends ApiClient, SessionLink, CaptchaClient {
  apiBaseUrl: string;
  environmentId: string;
  storage: Store;
  /** The project settings (Apple's SDK URL comes from the Apple provider entry's `baseAuthUrl`). */
  settings?: { get(): { settings: ProjectSettings | undefined } };
}

export interface SocialSignInInput {
  client: SocialSignInClient;
  browser: SocialBrowser;
  /** Origin the authorization message must come from. Default: the origin of `client.apiBaseUrl` (the redirect page's). */
  redirectOrigin?: string;
  /** Current time in ms (stale redirect returns). Default `Date.now`. */
  now?: () => number;
  /** Loads Sign in with Apple JS and returns `AppleID.auth`. Default: `loadAppleSdk` and the global. */
  appleSdk?: AppleSdkLoader;
}

export type SocialStrategy = 'popup' | 'redirect';

export interface SocialSignInContext {
  client: SocialSignInClient;
  browser: SocialBrowser;
  redirectOrigin: string;
  now: () => number;
  appleSdk: AppleSdkLoader;
  /** Apple: the loaded SDK, initialised for the attempt under way. */
  appleAuth: AppleIdAuth | undefined;
  provider: SocialProvider | undefined;
  purpose: Purpose;
  popup: PopupHandle | null;
  /** The state sent and the PKCE verifier (Apple's SDK: the raw nonce instead), for the attempt under way (memory only). */
  attempt: { state: string; verifier: string; nonce?: string | undefined } | undefined;
  error: LatchkeyError | undefined;
}

export interface AuthorizationMessage {
  provider: string;
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  /** Telegram: the login widget's data (instead of a code). */
  telegramAuth?: TelegramAuth | undefined;
}

export type SocialSignInEvent =
  | { type: 'user.start'; provider: SocialProvider; purpose?: Purpose; strategy?: SocialStrategy }
  | { type: 'user.completeRedirect' }
  | { type: 'server.authorization'; message: AuthorizationMessage }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

/** A popup attempt started with the server: where to send the popup, the state sent, the PKCE verifier kept. */
export interface PreparedAttempt extends OAuthInitAuthResponse {
  verifier: string;
}

/** A redirect return that passed the checks: what the exchange needs. */
export interface CheckedReturn {
  provider: SocialProvider;
  purpose: Purpose;
  state: string;
  verifier: string;
  /** Apple's SDK redirect: the raw nonce (instead of the verifier). */
  nonce: string | undefined;
  code: string;
}

/** The code exchange (sign in, or link to the signed-in user), with the PKCE verifier or Apple's nonce as proof. */
export function exchange(
  client: SocialSignInClient,
  purpose: Purpose,
  parameters: { provider: SocialProvider; code: string; state: string } & ({ codeVerifier: string } | { nonce: string }),
): Promise<SignInResponse> {
  if (purpose === 'link') return verifySocial(client, parameters);
  return captchaFields(client).then((captcha) => signInWithSocial(client, { ...parameters, ...captcha }));
}

/** The app page without its fragment: where a redirect return lands. */
export function returnUrlOf(browser: SocialBrowser): string {
  const returnUrl = new URL(browser.currentUrl());
  returnUrl.hash = '';
  return returnUrl.href;
}
