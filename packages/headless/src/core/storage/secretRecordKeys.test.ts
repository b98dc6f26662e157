import { describe, expect, it } from 'vitest';
import { MOBILE_WALLET_CONNECTION_KEY, MOBILE_WALLET_PENDING_KEY, MOBILE_WALLET_RESULT_KEY } from '../mobileWallets/mobileWalletRecords.js';
import { MOBILE_SIGN_IN_KEY } from '../mobileWallets/mobileSignInAttempt.js';
import { REDIRECT_ATTEMPT_KEY } from '../machines/socialSignIn/socialSignInTypes.js';
import { AUTH_STORAGE_KEY } from '../session/storedAuth.js';
import { SECRET_RECORD_KEYS } from './secretRecordKeys.js';
import { USER_RECORD_KEYS } from './userRecords.js';

describe('the records kept out of a JavaScript cookie', () => {
  it("behavior: they are the mobile wallet's, a wallet sign-in under way and a social redirect under way: their owners' keys, each once", () => {
    const secrets = [MOBILE_WALLET_CONNECTION_KEY, MOBILE_WALLET_PENDING_KEY, MOBILE_WALLET_RESULT_KEY, MOBILE_SIGN_IN_KEY, REDIRECT_ATTEMPT_KEY];
    expect([...SECRET_RECORD_KEYS].sort()).toEqual([...secrets].sort());
  });

  it("behavior: each is a user record (a sign-out removes it); the session token is not one ('cookie' is there for it)", () => {
    expect(USER_RECORD_KEYS).toEqual(expect.arrayContaining([...SECRET_RECORD_KEYS]));
    expect(SECRET_RECORD_KEYS).not.toContain(AUTH_STORAGE_KEY);
  });
});
