import type { Store, ValueParser } from '../storage/createStore.js';
import type { MobileWalletLinks } from './createMobileWallet.js';

/** Storage key of the sign-in (or link) under way with a redirect wallet: it survives the page loads of the round trips. */
export const MOBILE_SIGN_IN_KEY = 'mobileWallet:signIn';

/**
 * A sign-in over the redirect: which wallet (its links, so the return page needs no catalogue), what for, since when,
 * and — once the wallet is connected — the exact Sign-In-With-Solana message sent to be signed.
 */
export interface MobileSignInAttempt {
  purpose: 'signIn' | 'link';
  links: MobileWalletLinks;
  createdAt: number;
  messageToSign?: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function isLinks(value: unknown): value is MobileWalletLinks {
  if (typeof value !== 'object' || value === null) return false;
  const links = value as Record<string, unknown>;
  return isText(links['key']) && isText(links['name']) && isText(links['universal']) && (links['inAppBrowser'] === undefined || isText(links['inAppBrowser']));
}

export const mobileSignInAttemptParser: ValueParser<MobileSignInAttempt> = {
  safeParse(value) {
    const record = value as Record<string, unknown> | null;
    const ok =
      typeof record === 'object' &&
      record !== null &&
      (record['purpose'] === 'signIn' || record['purpose'] === 'link') &&
      isLinks(record['links']) &&
      typeof record['createdAt'] === 'number' &&
      (record['messageToSign'] === undefined || isText(record['messageToSign']));
    return ok ? { success: true, data: value as MobileSignInAttempt } : { success: false, error: new Error('not a mobile sign-in attempt') };
  },
};

export function readMobileSignInAttempt(storage: Store): MobileSignInAttempt | undefined {
  return storage.get(MOBILE_SIGN_IN_KEY, mobileSignInAttemptParser);
}
