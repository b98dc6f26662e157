import { describe, expect, it } from 'vitest';
import * as core from './index.js';
import * as react from './react/index.js';
import * as social from './social.js';
import * as embedded from './embedded.js';
import * as reactEmbedded from './react/embedded.js';
import * as reactSocial from './react/social.js';
import * as solana from './solana/index.js';
import * as testing from './testing/index.js';

// Changing what an entry point exports is a deliberate act: update these snapshots with it.
describe('entry points', () => {
  it('default: @latchkey/headless/embedded and @latchkey/headless/react/embedded', () => {
    expect(Object.keys(embedded).sort()).toMatchInlineSnapshot(`
      [
        "CUSTODY_CLIENT_VERSION",
        "EXPORT_FRAME_PATH",
        "PASSKEY_STAMP_TIMEOUT_MS",
        "RECOVERY_CODE_LIFETIME_MS",
        "RECOVERY_SESSION_MS",
        "createBundleTarget",
        "createCustodyApi",
        "createEmbeddedWallet",
        "createEmbeddedWalletClient",
        "createIndexedDbSessionKeyStore",
        "createMemorySessionKeyStore",
        "createPasskeyStamper",
        "createSessionKeyStamper",
        "deleteEmbeddedWallets",
        "embeddedAccountOf",
        "embeddedWalletSessionMachine",
        "embeddedWalletSessionStatus",
        "fromCustodyError",
        "generateSessionKey",
        "importSessionKey",
        "isSessionKeyRejected",
        "mountExportFrame",
        "openRecoveryCode",
        "passkeyStampChallenge",
        "registerSessionKey",
        "startEmailRecovery",
      ]
    `);
    expect(Object.keys(reactEmbedded).sort()).toMatchInlineSnapshot(`
      [
        "useEmbeddedWallet",
      ]
    `);
  });

  it('default: @latchkey/headless/social and @latchkey/headless/react/social', () => {
    expect(Object.keys(social).sort()).toMatchInlineSnapshot(`
      [
        "APPLE_SDK_TIMEOUT_MS",
        "APPLE_SDK_URL",
        "REDIRECT_ATTEMPT_KEY",
        "SOCIAL_REDIRECT_MAX_AGE_MS",
        "SOCIAL_SESSION_TIMEOUT_MS",
        "createPkce",
        "createSocialBrowser",
        "hasRedirectReturn",
        "initSocialAuth",
        "isSafariOrIos",
        "loadAppleSdk",
        "readRedirectReturn",
        "signInWithSocial",
        "signInWithTelegram",
        "socialSignInMachine",
        "socialSignInStatus",
        "unlinkCredential",
        "verifySocial",
        "verifyTelegram",
      ]
    `);
    expect(Object.keys(reactSocial).sort()).toMatchInlineSnapshot(`
      [
        "useSocialSignIn",
        "useTelegramSignIn",
      ]
    `);
  });

  it('default: @latchkey/headless', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyError",
        "authenticateMfaRecoveryCode",
        "authenticateMfaTotp",
        "clientErrorMessages",
        "createApi",
        "createCookieStorage",
        "createEmailVerification",
        "createEmitter",
        "createLatchkeyClient",
        "createLocalStorage",
        "createLogger",
        "createMemoryStorage",
        "createSettingsStore",
        "createSmsVerification",
        "createTransport",
        "deleteMfaDevice",
        "deletePasskey",
        "emailSignInMachine",
        "getMfaDevices",
        "getPasskeyRegistrationOptions",
        "getPasskeySignInOptions",
        "getPasskeys",
        "getRecoveryCodes",
        "getSession",
        "getSessionStatus",
        "getSettings",
        "getTotpRegistration",
        "getUser",
        "getWalletErrorNumber",
        "isLatchkeyError",
        "isWarnOnlyPasskeyError",
        "loadBrowserWebAuthn",
        "looksLikePhone",
        "mfaMachine",
        "parsePhone",
        "passkeyMachine",
        "refreshSession",
        "regenerateRecoveryCodes",
        "registerPasskey",
        "registerTotp",
        "retryEmailVerification",
        "retrySmsVerification",
        "revokeSession",
        "sessionMachine",
        "signInWithEmailVerification",
        "signInWithPasskey",
        "signInWithSmsVerification",
        "smsSignInMachine",
        "toLatchkeyError",
        "toPasskeyError",
        "updatePasskey",
        "updateUser",
        "validateAuthenticationOptions",
        "validateRegistrationOptions",
        "verifyEmailVerification",
        "verifySmsVerification",
        "walletErrorCodes",
      ]
    `);
  });

  it('default: @latchkey/headless/react', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "useEmailSignIn",
        "useLatchkey",
        "useMfa",
        "usePasskey",
        "useSession",
        "useSmsSignIn",
        "useUser",
      ]
    `);
  });

  it('default: @latchkey/headless/solana', () => {
    expect(Object.keys(solana).sort()).toMatchInlineSnapshot(`
      [
        "formatAmount",
        "lamportsToSol",
        "solToLamports",
      ]
    `);
  });

  it('default: @latchkey/headless/testing', () => {
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "createMemoryStorage",
        "createTestClient",
        "getInboxMessages",
        "getLatestCode",
        "getSandboxInfo",
        "inboxMessageSchema",
        "sandboxInfoSchema",
      ]
    `);
  });
});
