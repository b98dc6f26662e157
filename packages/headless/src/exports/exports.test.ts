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
import * as reactAccount from './react/account.js';
import * as reactProfile from './react/profile.js';
import * as reactProvider from './react/provider.js';
import * as reactSms from './react/sms.js';
import * as embedded from './embedded.js';
import * as reactEmbedded from './react/embedded.js';
import * as reactSocial from './react/social.js';
import * as mobileWallets from './mobile.js';
import * as mobileReturn from './mobileReturn.js';
import * as client from './client.js';
import * as reactMobileWallets from './react/mobile.js';
import * as socket from './socket.js';
import * as reactSocket from './react/socket.js';
import * as reactSolana from './react/solana.js';
import * as solana from './solana.js';
import * as testing from './testing.js';
import * as wallets from './wallets.js';
import * as mpc from './mpc.js';
import * as reactMpc from './react/mpc.js';
import * as reactWallets from './react/wallets.js';

// Changing what an entry point exports is a deliberate act: update these snapshots with it.
describe('entry points', () => {
  it('default: @latchkey/headless/mpc and @latchkey/headless/react/mpc', () => {
    expect(Object.keys(mpc).sort()).toMatchInlineSnapshot(`
      [
        "BACKUP_KDF_ITERATIONS",
        "MIN_BACKUP_PASSWORD_LENGTH",
        "MPC_EXPORT_FRAME_PATH",
        "backupKeyShares",
        "backupLocationName",
        "connectMpcSocket",
        "createIndexedDbShareVaultStore",
        "createMemoryShareVaultStore",
        "createMpcWallet",
        "createMpcWalletClient",
        "createPopupCloudDrive",
        "createShareVault",
        "decryptBackup",
        "driveFileName",
        "encryptBackup",
        "exportCeremony",
        "exportMpcPrivateKey",
        "keygenCeremony",
        "mountMpcExportFrame",
        "mpcAccountOf",
        "mpcError",
        "mpcErrorMessages",
        "mpcSessionMachine",
        "mpcSessionStatus",
        "mpcWalletSettingsOf",
        "recoverKeyShares",
        "refreshMpcWallet",
        "reshareCeremony",
        "reshareMpcWallet",
        "signCeremony",
        "signMpcMessage",
      ]
    `);
    expect(Object.keys(reactMpc).sort()).toMatchInlineSnapshot(`
      [
        "useMpcWallet",
      ]
    `);
  });

  it('default: @latchkey/headless/embedded and @latchkey/headless/react/embedded', () => {
    expect(Object.keys(embedded).sort()).toMatchInlineSnapshot(`
      [
        "CUSTODY_CLIENT_VERSION",
        "EXPORT_FRAME_PATH",
        "PASSKEY_REQUIRED_MESSAGE",
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
        "createWalletPasskey",
        "deleteEmbeddedWallets",
        "embeddedAccountOf",
        "embeddedWalletMachine",
        "embeddedWalletSettingsOf",
        "embeddedWalletStatus",
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
        "APPLE_SDK_PATH",
        "APPLE_SDK_TIMEOUT_MS",
        "APPLE_SDK_URL",
        "REDIRECT_ATTEMPT_KEY",
        "SOCIAL_REDIRECT_MAX_AGE_MS",
        "SOCIAL_SESSION_TIMEOUT_MS",
        "appleSdkUrlOf",
        "appleSignInError",
        "createAppleNonce",
        "createPkce",
        "createSocialBrowser",
        "hasRedirectReturn",
        "initSocialAuth",
        "isSafariOrIos",
        "loadAppleIdAuth",
        "loadAppleSdk",
        "readRedirectReturn",
        "signInWithSocial",
        "signInWithTelegram",
        "socialSignInMachine",
        "socialSignInStatus",
        "unlinkCredential",
        "unlinkCredentialMachine",
        "unlinkCredentialStatus",
        "verifySocial",
        "verifyTelegram",
      ]
    `);
    expect(Object.keys(reactSocial).sort()).toMatchInlineSnapshot(`
      [
        "useSocialSignIn",
        "useTelegramSignIn",
        "useUnlinkCredential",
      ]
    `);
  });

  it('default: the per-flow entries (@latchkey/headless/<flow> and @latchkey/headless/react/<flow>)', () => {
    expect(Object.keys(email).sort()).toMatchInlineSnapshot(`
      [
        "createEmailVerification",
        "emailSignInMachine",
        "emailSignInStatus",
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
        "smsSignInStatus",
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
        "passkeyManagerMachine",
        "passkeyManagerStatus",
        "passkeySignInMachine",
        "passkeySignInStatus",
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
        "getMfaMethods",
        "getMfaPasskeyAuthenticationOptions",
        "getMfaPasskeyRegistrationOptions",
        "getRecoveryCodes",
        "getTotpRegistration",
        "mfaChallengeError",
        "mfaChallengeIsBusy",
        "mfaChallengeMachine",
        "mfaChallengeStatus",
        "mfaDevicesMachine",
        "mfaDevicesStatus",
        "mfaEnrolmentMachine",
        "mfaEnrolmentStatus",
        "orderMfaMethods",
        "regenerateRecoveryCodes",
        "registerMfaPasskey",
        "registerTotp",
        "stepUpMachine",
        "stepUpStatus",
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
          "usePasskeyManager",
          "usePasskeySignIn",
        ],
        [
          "useMfaChallenge",
          "useMfaDevices",
          "useMfaEnrolment",
        ],
      ]
    `);
  });

  it('default: @latchkey/headless/react/provider — the first-paint part of @latchkey/headless/react, the same functions', () => {
    expect(Object.keys(reactProvider).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "useLatchkey",
        "useSession",
      ]
    `);
    for (const [name, value] of Object.entries(reactProvider)) expect(value, name).toBe((react as Record<string, unknown>)[name]);
  });

  it('default: @latchkey/headless/react/account', () => {
    expect(Object.keys(reactAccount).sort()).toMatchInlineSnapshot(`
      [
        "useDeleteAccount",
      ]
    `);
  });

  it('default: @latchkey/headless/react/profile', () => {
    expect(Object.keys(reactProfile).sort()).toMatchInlineSnapshot(`
      [
        "UNIQUE_CHECK_DEBOUNCE_MS",
        "useProfile",
      ]
    `);
  });

  it('default: @latchkey/headless/mobile/return — the return check of @latchkey/headless/mobile alone, the same functions', () => {
    expect(Object.keys(mobileReturn).sort()).toMatchInlineSnapshot(`
      [
        "MOBILE_SIGN_IN_KEY",
        "MOBILE_WALLET_REQUEST_PARAM",
        "hasMobileWalletReturn",
        "readMobileSignInAttempt",
      ]
    `);
    for (const [name, value] of Object.entries(mobileReturn)) expect(value, name).toBe((mobileWallets as Record<string, unknown>)[name]);
  });

  it('default: @latchkey/headless/client — the client and its error type alone, the same functions as the root', () => {
    expect(Object.keys(client).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyError",
        "createLatchkeyClient",
        "isLatchkeyError",
      ]
    `);
    for (const [name, value] of Object.entries(client)) expect(value, name).toBe((core as Record<string, unknown>)[name]);
  });

  it('default: @latchkey/headless/mobile and @latchkey/headless/react/mobile', () => {
    expect(Object.keys(mobileWallets).sort()).toMatchInlineSnapshot(`
      [
        "MOBILE_SIGN_IN_KEY",
        "MOBILE_WALLET_CONNECTION_KEY",
        "MOBILE_WALLET_PENDING_KEY",
        "MOBILE_WALLET_REQUEST_MAX_AGE_MS",
        "MOBILE_WALLET_REQUEST_PARAM",
        "MOBILE_WALLET_RESULT_KEY",
        "createEncryptionKeyPair",
        "createMobileWallet",
        "createMobileWalletBrowser",
        "createMobileWalletSigner",
        "decryptPayload",
        "deriveSharedSecret",
        "encryptPayload",
        "encryptionKeyParam",
        "hasMobileWalletReturn",
        "mobileWalletMachine",
        "mobileWalletStatus",
        "readMobileSignInAttempt",
        "readMobileWalletReturn",
        "requestSignInSignature",
        "verifySignInSignature",
      ]
    `);
    expect(Object.keys(reactMobileWallets).sort()).toMatchInlineSnapshot(`
      [
        "useMobileWallet",
      ]
    `);
  });

  it('default: @latchkey/headless/socket and @latchkey/headless/react/socket', () => {
    expect(Object.keys(reactSocket).sort()).toMatchInlineSnapshot(`
      [
        "useSocket",
      ]
    `);
    expect(Object.keys(socket).sort()).toMatchInlineSnapshot(`
      [
        "createSocketClient",
        "socketMachine",
        "socketStatus",
      ]
    `);
  });

  it('default: @latchkey/headless', () => {
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "HCAPTCHA_SCRIPT_URL",
        "LatchkeyError",
        "checkKitVersions",
        "checkProfileValue",
        "checkUserField",
        "clientErrorMessages",
        "createApi",
        "createCaptchaRunner",
        "createCookieStorage",
        "createEmitter",
        "createLatchkeyClient",
        "createLocalStorage",
        "createLogger",
        "createMemoryStorage",
        "createSettingsStore",
        "createTransport",
        "deleteUser",
        "getSession",
        "getSessionStatus",
        "getSessionTokenFromCookies",
        "getSettings",
        "getUser",
        "getWalletErrorNumber",
        "isLatchkeyError",
        "needsOnboarding",
        "onboardingFields",
        "profileFields",
        "profileUpdate",
        "refreshSession",
        "requiredFieldsMissing",
        "revokeSession",
        "toLatchkeyError",
        "updateUser",
        "version",
        "walletErrorCodes",
      ]
    `);
  });

  it('default: @latchkey/headless/react', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "needsOnboarding",
        "requiredFieldsMissing",
        "useLatchkey",
        "useLatchkeyEvents",
        "useSession",
        "useUser",
      ]
    `);
  });

  it('default: @latchkey/headless/react/solana', () => {
    expect(Object.keys(reactSolana).sort()).toMatchInlineSnapshot(`
      [
        "createSolanaRpc",
        "preloadSolanaTransfer",
        "solanaExplorerUrl",
        "useSendTransaction",
        "useSolanaActivity",
        "useSolanaBalances",
        "useSolanaNetworks",
        "useSolanaWallet",
      ]
    `);
  });

  it('default: @latchkey/headless/solana', () => {
    expect(Object.keys(solana).sort()).toMatchInlineSnapshot(`
      [
        "FEE_RETRY_DELAY_MS",
        "MULTIPLE_RECIPIENTS_PLACEHOLDER",
        "NATIVE_SOL_ADDRESS",
        "SELECTED_SOLANA_NETWORK_KEY",
        "SOLANA_ACTIVITY_LIMIT",
        "SolanaRpcError",
        "catalogueFromTokenBalances",
        "createKeypairSigner",
        "createSolanaConnection",
        "createSolanaNetworkSelection",
        "createSolanaRpc",
        "createSolanaTransferPort",
        "describeSolanaHoldings",
        "describeSolanaTransaction",
        "fiatValue",
        "formatAmount",
        "getNetworks",
        "getSolanaActivity",
        "getSolanaBalances",
        "getSolanaNetworks",
        "getTokenBalances",
        "holdingsFromTokenBalances",
        "isSolanaAddress",
        "lamportsToSol",
        "optimizeSolanaTransaction",
        "preloadSolanaTransfer",
        "readSolanaHoldings",
        "rpcUrlOf",
        "sendTransactionMachine",
        "sendTransactionStatus",
        "simulateSolanaTransaction",
        "solToLamports",
        "solanaAddressProblem",
        "solanaExplorerUrl",
        "validateSolanaAddress",
        "validateSolanaNetworks",
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
        "WALLET_DISCONNECT_TIMEOUT_MS",
        "WALLET_RECONNECT_TIMEOUT_MS",
        "browseLinkOf",
        "catalogueKeyFor",
        "createMemoTransaction",
        "createSiwsMessage",
        "createWalletConnector",
        "currentWallets",
        "defaultWalletCatalogue",
        "getWalletCatalogue",
        "getWalletNonce",
        "isPhoneUserAgent",
        "isSupportedSolanaWallet",
        "linkWallet",
        "listWalletOptions",
        "mergeWalletAccounts",
        "mobileAppOf",
        "mobileAsWalletStatus",
        "nonceOfMessage",
        "parseWalletCatalogue",
        "selectPrimaryWallet",
        "toWalletError",
        "toWalletListEntries",
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
        "usePrimaryWallet",
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
        "sessionMachine",
      ]
    `);
  });
});
