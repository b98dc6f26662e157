import type { Store } from './createStore.js';
import { SECRET_RECORD_KEYS } from './secretRecordKeys.js';

/**
 * The kit's stored records that belong to the signed-in user and end with their session: the mobile wallet's connection
 * (its dapp secret key and the wallet's session), its request on the way and last result, a redirect wallet's sign-in
 * or link under way, the external wallet connection, and a social redirect under way. Each is its owner's key
 * (`mobileWalletRecords`, `mobileSignInAttempt`, `walletSignInMachine`, `socialSignInTypes`), named here by value so the
 * first paint loads none of their code; `userRecords.test.ts` holds each to its owner's. The secret ones are
 * `SECRET_RECORD_KEYS`.
 */
export const USER_RECORD_KEYS: readonly string[] = [...SECRET_RECORD_KEYS, 'walletConnection'];

/** Removes the user's records (on sign-out). */
export function forgetUserRecords(storage: Pick<Store, 'remove'>): void {
  for (const key of USER_RECORD_KEYS) storage.remove(key);
}
