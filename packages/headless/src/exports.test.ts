import { describe, expect, it } from 'vitest';
import * as core from './index.js';
import * as react from './react/index.js';
import * as social from './social.js';
import * as reactSocial from './react/social.js';
import * as solana from './solana/index.js';
import * as testing from './testing/index.js';
import * as wallets from './wallets.js';
import * as reactWallets from './react/wallets.js';

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

  it('default: @latchkey/headless/wallets and @latchkey/headless/react/wallets', () => {
    expect(Object.keys(wallets).sort()).toMatchInlineSnapshot(`
      [
        "CATALOGUE_FETCH_TRIES",
        "CATALOGUE_HANDLED_WALLETS",
        "MEMO_PROGRAM_ID",
        "USER_REJECTED_MESSAGE",
        "WALLET_CATALOGUE_PATH",
        "WALLET_CONNECTION_KEY",
        "catalogueKeyFor",
        "createMemoTransaction",
        "createSiwsMessage",
        "createWalletConnector",
        "currentWallets",
        "defaultWalletCatalogue",
        "getWalletCatalogue",
        "getWalletNonce",
        "isSupportedSolanaWallet",
        "linkWallet",
        "listWalletOptions",
        "mergeWalletAccounts",
        "nonceOfMessage",
        "parseWalletCatalogue",
        "selectPrimaryWallet",
        "toWalletError",
        "transferWallet",
        "unlinkCredential",
        "verifyWallet",
        "walletCatalogueMachine",
        "walletCatalogueStatus",
        "walletKeyOf",
        "walletSignInMachine",
        "walletSignInStatus",
        "watchRegisteredWallets",
      ]
    `);
    expect(Object.keys(reactWallets).sort()).toMatchInlineSnapshot(`
      [
        "useWalletCatalogue",
        "useWalletSignIn",
        "useWallets",
      ]
    `);
  });

  it('default: @latchkey/headless/testing', () => {
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "createMemoryStorage",
        "createTestClient",
        "createTestWallet",
        "getInboxMessages",
        "getLatestCode",
        "getSandboxInfo",
        "inboxMessageSchema",
        "registerTestWallet",
        "sandboxInfoSchema",
      ]
    `);
  });
});
