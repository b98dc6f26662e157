import type { LatchkeyClient } from '@latchkey/headless';
import { hasMobileWalletReturn, readMobileSignInAttempt } from '@latchkey/headless/mobile/return';

/**
 * The page was opened by a mobile wallet's return while a link is under way (the attempt the Wallets view stored
 * before the page left for the wallet): the signed-in user's menu opens on Wallets, whose list finishes it.
 */
export function isMobileLinkReturn(storage: LatchkeyClient['storage'], url: string | undefined = globalThis.location?.href): boolean {
  return url !== undefined && hasMobileWalletReturn(url) && readMobileSignInAttempt(storage)?.purpose === 'link';
}
