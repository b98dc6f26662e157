import type { SocialProvider } from '@latchkey/protocol';
import { fromPromise } from 'xstate';
import { initSocialAuth } from '../../actions/initSocialAuth.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { AppleSdkLoader } from '../../oauth/appleSdk.js';
import { createPkce } from '../../oauth/pkce.js';
import { readRedirectReturn, storedRedirectAttempt, type RedirectReturn, type StoredRedirectAttempt } from '../../oauth/redirectAttempt.js';
import type { SocialBrowser } from '../../oauth/socialBrowser.js';
import type { Purpose } from '../signInHandOver.js';
import { startAppleRedirect } from './appleAttempt.js';
import { REDIRECT_ATTEMPT_KEY, returnUrlOf, SOCIAL_REDIRECT_MAX_AGE_MS, type CheckedReturn, type SocialSignInClient } from './socialSignInTypes.js';

/**
 * The redirect strategy (Apple, Safari, iOS, or `strategy: 'redirect'`): state and verifier go to storage and the
 * page leaves; back on the app, `completeRedirect` checks the return against them, once.
 */
export const startRedirect = fromPromise<
  void,
  { client: SocialSignInClient; browser: SocialBrowser; provider: SocialProvider; purpose: Purpose; now: () => number; appleSdk: AppleSdkLoader }
>(async ({ input }) => {
  if (input.provider === 'apple') return startAppleRedirect(input);
  const pkce = await createPkce();
  const response = await initSocialAuth(input.client, { provider: input.provider, codeChallenge: pkce.challenge, redirectUrl: returnUrlOf(input.browser) });
  input.client.storage.set(REDIRECT_ATTEMPT_KEY, { provider: input.provider, purpose: input.purpose, state: response.state, verifier: pkce.verifier, createdAt: input.now() });
  input.browser.redirect(response.authorizationUrl);
});

/** Back from the provider: the return checked against the stored attempt, which is spent whatever the outcome. */
export const completeRedirect = fromPromise<CheckedReturn, { client: SocialSignInClient; browser: SocialBrowser; now: () => number }>(async ({ input }) => {
  const returned = readRedirectReturn(input.browser.currentUrl());
  const stored = input.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt);
  // Single use: whatever happens next, this attempt is over and the code leaves the address bar.
  input.client.storage.remove(REDIRECT_ATTEMPT_KEY);
  if (returned) input.browser.replaceUrl(returned.cleanUrl);
  return checkRedirectReturn(input, returned, stored);
});

/** The checks of a redirect return against the stored attempt (SPEC §4). */
function checkRedirectReturn(input: { now: () => number }, returned: RedirectReturn | undefined, stored: StoredRedirectAttempt | undefined): CheckedReturn {
  const provider = (stored?.provider ?? returned?.provider ?? 'oauth') as SocialProvider;
  // Nothing stored, another provider, or another state: a foreign return.
  if (!returned || !stored || returned.provider !== stored.provider || returned.state !== stored.state) {
    throw new LatchkeyError('social_invalid_state', { params: { provider } });
  }
  if (input.now() - stored.createdAt > SOCIAL_REDIRECT_MAX_AGE_MS) throw new LatchkeyError('social_session_timeout', { params: { provider } });
  if (returned.error) throw new LatchkeyError('social_oauth_error', { params: { provider, error: returned.error } });
  if (!returned.code) throw new LatchkeyError('social_no_authorization_code', { params: { provider } });
  return { provider: stored.provider, purpose: stored.purpose, state: stored.state, verifier: stored.verifier, nonce: stored.nonce, code: returned.code };
}
