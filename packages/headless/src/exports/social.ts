// @latchkey/headless/social — social sign-in (popup and redirect) and linking: actions, the machine,
// PKCE and the browser adapter. Its own entry, so a host's first chunk does not carry it.

export { initSocialAuth, type InitSocialAuthParameters, type InitSocialAuthReturnType } from '../core/actions/initSocialAuth.js';
export { signInWithSocial, type SignInWithSocialParameters, type SignInWithSocialReturnType } from '../core/actions/signInWithSocial.js';
export { unlinkCredential, type UnlinkCredentialParameters, type UnlinkCredentialReturnType } from '../core/actions/unlinkCredential.js';
export { signInWithTelegram, type SignInWithTelegramParameters, type SignInWithTelegramReturnType } from '../core/actions/signInWithTelegram.js';
export { verifyTelegram, type VerifyTelegramParameters, type VerifyTelegramReturnType } from '../core/actions/verifyTelegram.js';
export { verifySocial, type VerifySocialParameters, type VerifySocialReturnType } from '../core/actions/verifySocial.js';

export {
  REDIRECT_ATTEMPT_KEY,
  SOCIAL_REDIRECT_MAX_AGE_MS,
  SOCIAL_SESSION_TIMEOUT_MS,
  socialSignInMachine,
  socialSignInStatus,
  type AuthorizationMessage,
  type SocialSignInActorRef,
  type SocialSignInClient,
  type SocialSignInContext,
  type SocialSignInEvent,
  type SocialSignInInput,
  type SocialSignInMachine,
  type SocialSignInSnapshot,
  type SocialSignInStatus,
  type SocialStrategy,
} from '../core/machines/socialSignIn/socialSignInMachine.js';
export {
  unlinkCredentialMachine,
  unlinkCredentialStatus,
  type UnlinkCredentialActorRef,
  type UnlinkCredentialClient,
  type UnlinkCredentialContext,
  type UnlinkCredentialEvent,
  type UnlinkCredentialMachine,
  type UnlinkCredentialSnapshot,
  type UnlinkCredentialStatus,
} from '../core/machines/unlinkCredential/unlinkCredentialMachine.js';
export {
  APPLE_SDK_PATH,
  appleSdkUrlOf,
  appleSignInError,
  createAppleNonce,
  loadAppleIdAuth,
  type AppleIdAuth,
  type AppleIdInitOptions,
  type AppleIdSignInResponse,
  type AppleSdkLoader,
} from '../core/oauth/appleSdk.js';
export { APPLE_SDK_TIMEOUT_MS, APPLE_SDK_URL, loadAppleSdk, type LoadAppleSdkParameters, type ScriptHost } from '../core/oauth/loadAppleSdk.js';
export { createPkce, type Pkce } from '../core/oauth/pkce.js';
export { hasRedirectReturn, readRedirectReturn, type RedirectReturn, type StoredRedirectAttempt } from '../core/oauth/redirectAttempt.js';
export { createSocialBrowser, isSafariOrIos, type PopupHandle, type ReceivedMessage, type SocialBrowser } from '../core/oauth/socialBrowser.js';
