import { describe, expect, it } from 'vitest';
import * as core from './index.js';
import * as react from './react/index.js';
import * as solana from './solana/index.js';
import * as testing from './testing/index.js';

// Changing what an entry point exports is a deliberate act: update these snapshots with it.
describe('entry points', () => {
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
        "mfaMachine",
        "passkeyMachine",
        "refreshSession",
        "regenerateRecoveryCodes",
        "registerPasskey",
        "registerTotp",
        "retryEmailVerification",
        "revokeSession",
        "sessionMachine",
        "signInWithEmailVerification",
        "signInWithPasskey",
        "toLatchkeyError",
        "toPasskeyError",
        "updatePasskey",
        "updateUser",
        "validateAuthenticationOptions",
        "validateRegistrationOptions",
        "verifyEmailVerification",
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
