import { describe, expect, it } from 'vitest';
import { MOBILE_WALLET_CONNECTION_KEY, MOBILE_WALLET_PENDING_KEY, MOBILE_WALLET_RESULT_KEY } from '../mobileWallets/mobileWalletRecords.js';
import { MOBILE_SIGN_IN_KEY } from '../mobileWallets/mobileSignInAttempt.js';
import { WALLET_CONNECTION_KEY } from '../machines/walletSignIn/walletSignInMachine.js';
import { REDIRECT_ATTEMPT_KEY } from '../machines/socialSignIn/socialSignInTypes.js';
import { forgetUserRecords, USER_RECORD_KEYS } from './userRecords.js';

describe('the records a sign-out forgets', () => {
  it("behavior: they are their owners' keys, each once", () => {
    const owners = [MOBILE_WALLET_CONNECTION_KEY, MOBILE_WALLET_PENDING_KEY, MOBILE_WALLET_RESULT_KEY, MOBILE_SIGN_IN_KEY, WALLET_CONNECTION_KEY, REDIRECT_ATTEMPT_KEY];
    expect([...USER_RECORD_KEYS].sort()).toEqual([...owners].sort());
  });

  it('behavior: forgetUserRecords removes each of them and nothing else', () => {
    const removed: string[] = [];
    forgetUserRecords({ remove: (key) => void removed.push(key) });
    expect(removed).toEqual([...USER_RECORD_KEYS]);
  });
});
