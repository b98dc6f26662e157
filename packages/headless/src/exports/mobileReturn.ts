// @latchkey/headless/mobile/return — whether this page is a mobile wallet's return, and the attempt the kit stored
// before the page left for the wallet. Nothing else: a page (the user menu) can decide what a return is for without
// loading the deep-link crypto and the machines of @latchkey/headless/mobile, which a bundler splitting by the import
// graph (esbuild) would otherwise put in the chunk that reads them.

export { MOBILE_SIGN_IN_KEY, readMobileSignInAttempt, type MobileSignInAttempt } from '../core/mobileWallets/mobileSignInAttempt.js';
export { hasMobileWalletReturn, MOBILE_WALLET_REQUEST_PARAM } from '../core/mobileWallets/readMobileWalletReturn.js';
