import { describe, expect, it } from 'vitest';
import * as core from './index.js';
import * as react from './react/index.js';
import * as email from './email.js';
import * as mfa from './mfa.js';
import * as passkey from './passkey.js';
import * as sms from './sms.js';
import * as social from './social.js';
import * as reactEmail from './react/email.js';
import * as reactMfa from './react/mfa.js';
import * as reactPasskey from './react/passkey.js';
import * as reactSms from './react/sms.js';
import * as reactSocial from './react/social.js';
import * as solana from './solana/index.js';
import * as testing from './testing/index.js';

// Changing what an entry point exports is a deliberate act: update these snapshots with it.
describe('entry points', () => {
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

  it('default: the per-flow entries (@latchkey/headless/<flow> and @latchkey/headless/react/<flow>)', () => {
    expect(Object.keys(email).sort()).toMatchInlineSnapshot(`
      [
        "createEmailVerification",
        "emailSignInMachine",
        "retryEmailVerification",
        "signInWithEmailVerification",
        "verifyEmailVerification",
      ]
    `);
    expect(Object.keys(sms).sort()).toMatchInlineSnapshot(`
      [
        "createSmsVerification",
        "looksLikePhone",
        "parsePhone",
        "retrySmsVerification",
        "signInWithSmsVerification",
        "smsSignInMachine",
        "verifySmsVerification",
      ]
    `);
    expect(Object.keys(passkey).sort()).toMatchInlineSnapshot(`
      [
        "deletePasskey",
        "getPasskeyRegistrationOptions",
        "getPasskeySignInOptions",
        "getPasskeys",
        "isWarnOnlyPasskeyError",
        "loadBrowserWebAuthn",
        "passkeyMachine",
        "registerPasskey",
        "signInWithPasskey",
        "toPasskeyError",
        "updatePasskey",
        "validateAuthenticationOptions",
        "validateRegistrationOptions",
      ]
    `);
    expect(Object.keys(mfa).sort()).toMatchInlineSnapshot(`
      [
        "acknowledgeRecoveryCodes",
        "authenticateMfaPasskey",
        "authenticateMfaRecoveryCode",
        "authenticateMfaTotp",
        "deleteMfaDevice",
        "getMfaDevices",
        "getMfaPasskeyAuthenticationOptions",
        "getMfaPasskeyRegistrationOptions",
        "getRecoveryCodes",
        "getTotpRegistration",
        "mfaMachine",
        "orderMfaMethods",
        "regenerateRecoveryCodes",
        "registerMfaPasskey",
        "registerTotp",
        "updateMfaDevice",
      ]
    `);
    expect([reactEmail, reactSms, reactPasskey, reactMfa].map((entry) => Object.keys(entry).sort())).toMatchInlineSnapshot(`
      [
        [
          "useEmailSignIn",
        ],
        [
          "useSmsSignIn",
        ],
        [
          "usePasskey",
        ],
        [
          "useMfa",
        ],
      ]
    `);
  });

  it('default: @latchkey/headless', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyError",
        "clientErrorMessages",
        "createApi",
        "createCookieStorage",
        "createEmitter",
        "createLatchkeyClient",
        "createLocalStorage",
        "createLogger",
        "createMemoryStorage",
        "createSettingsStore",
        "createTransport",
        "getSession",
        "getSessionStatus",
        "getSettings",
        "getUser",
        "getWalletErrorNumber",
        "isLatchkeyError",
        "refreshSession",
        "revokeSession",
        "sessionMachine",
        "toLatchkeyError",
        "updateUser",
        "walletErrorCodes",
      ]
    `);
  });

  it('default: @latchkey/headless/react', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "useLatchkey",
        "useSession",
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
