import { fromPromise } from 'xstate';
import { initSocialAuth } from '../../actions/initSocialAuth.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { appleSdkUrlOf, appleSignInError, createAppleNonce, type AppleIdAuth, type AppleIdInitOptions, type AppleSdkLoader } from '../../oauth/appleSdk.js';
import { APPLE_SDK_URL } from '../../oauth/loadAppleSdk.js';
import type { SocialBrowser } from '../../oauth/socialBrowser.js';
import type { Purpose } from '../signInHandOver.js';
import { REDIRECT_ATTEMPT_KEY, returnUrlOf, type SocialSignInClient } from './socialSignInTypes.js';

/**
 * Apple always goes through Sign in with Apple JS, loaded from the project's Apple `baseAuthUrl` or Apple's CDN
 * ('Failed to load Apple SDK', before anything leaves the page). No PKCE: the kit sends SHA-256(nonce) (hex) to
 * initAuth and to `AppleID.auth.init` — the ID token carries it — and the raw nonce with the code.
 */

/** Apple's SDK loaded and initialised for an attempt: the state sent, the raw nonce kept. */
export interface PreparedAppleAttempt {
  auth: AppleIdAuth;
  state: string;
  nonce: string;
}

/** Loads the SDK, starts the attempt with the hashed nonce (`redirectUrl` for the full-page redirect), and returns what `AppleID.auth.init` needs. */
async function prepareApple(client: SocialSignInClient, loader: AppleSdkLoader, redirectUrl?: string) {
  const auth = await loader(appleSdkUrlOf(client.settings?.get().settings) ?? APPLE_SDK_URL);
  const nonce = await createAppleNonce();
  const response = await initSocialAuth(client, { provider: 'apple', nonce: nonce.hashed, ...(redirectUrl ? { redirectUrl } : {}) });
  // The server's authorization URL names the Services ID and scope Apple's SDK needs.
  const authorization = new URL(response.authorizationUrl).searchParams;
  const options = (usePopup: boolean): AppleIdInitOptions => ({
    clientId: authorization.get('client_id') ?? '',
    scope: authorization.get('scope') ?? 'name email',
    redirectURI: response.redirectUrl,
    state: response.state,
    nonce: nonce.hashed,
    usePopup,
  });
  return { auth, state: response.state, nonce: nonce.raw, options };
}

/** Apple's popup (`strategy: 'popup'`): the SDK loaded, the attempt started, `AppleID.auth` initialised with `usePopup: true`. */
export const prepareAppleSdk = fromPromise<PreparedAppleAttempt, { client: SocialSignInClient; loader: AppleSdkLoader }>(async ({ input }) => {
  const prepared = await prepareApple(input.client, input.loader);
  prepared.auth.init(prepared.options(true));
  return { auth: prepared.auth, state: prepared.state, nonce: prepared.nonce };
});

/** `AppleID.auth.signIn()` (its popup); the answer must carry the state sent and a code; 'popup_closed_by_user' is 'User cancelled connection'. */
export const appleSignIn = fromPromise<{ code: string }, { auth: AppleIdAuth; state: string }>(async ({ input }) => {
  let answer: Awaited<ReturnType<AppleIdAuth['signIn']>>;
  try {
    answer = await input.auth.signIn();
  } catch (rejection) {
    throw appleSignInError(rejection);
  }
  const authorization = answer?.authorization;
  if (authorization?.state !== input.state) throw new LatchkeyError('social_invalid_state', { params: { provider: 'apple' } });
  if (!authorization.code) throw new LatchkeyError('social_no_authorization_code', { params: { provider: 'apple' } });
  return { code: authorization.code };
});

/**
 * Apple's default (SPEC §4): a full-page redirect through its SDK (`init({ usePopup: false })`). The state and the
 * raw nonce go to storage and `signIn()` navigates the page to Apple (the SDK loads before anything is stored); the
 * return is completed like any redirect return, with the nonce.
 */
export async function startAppleRedirect(input: { client: SocialSignInClient; browser: SocialBrowser; purpose: Purpose; now: () => number; appleSdk: AppleSdkLoader }): Promise<void> {
  const prepared = await prepareApple(input.client, input.appleSdk, returnUrlOf(input.browser));
  input.client.storage.set(REDIRECT_ATTEMPT_KEY, { provider: 'apple', purpose: input.purpose, state: prepared.state, verifier: '', nonce: prepared.nonce, createdAt: input.now() });
  prepared.auth.init(prepared.options(false));
  try {
    // Pending while the page leaves; a rejection (e.g. 'invalid_request') means it stays.
    await prepared.auth.signIn();
  } catch (rejection) {
    input.client.storage.remove(REDIRECT_ATTEMPT_KEY);
    throw appleSignInError(rejection);
  }
}
