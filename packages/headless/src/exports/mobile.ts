// @latchkey/headless/mobile — mobile redirect wallets (the deep-link protocol of SPEC §4: x25519 + nacl box,
// 24-byte nonces, base58): the protocol, the SolanaSigner, the machine. Its own entry: the NaCl box (@noble/ciphers) stays here.

export {
  createMobileWallet,
  createMobileWalletBrowser,
  type CreateMobileWalletOptions,
  type MobileWallet,
  type MobileWalletBrowser,
  type MobileWalletLinks,
  type MobileWalletResult,
  MOBILE_WALLET_REQUEST_MAX_AGE_MS,
} from '../core/mobileWallets/createMobileWallet.js';
export { MOBILE_SIGN_IN_KEY, readMobileSignInAttempt, type MobileSignInAttempt } from '../core/mobileWallets/mobileSignInAttempt.js';
export { requestSignInSignature, verifySignInSignature, type MobileSignInPage } from '../core/machines/mobileWallet/mobileSignIn.js';
export { createMobileWalletSigner } from '../core/mobileWallets/createMobileWalletSigner.js';
export { createEncryptionKeyPair, decryptPayload, deriveSharedSecret, encryptPayload, type EncryptionKeyPair } from '../core/mobileWallets/deepLinkCrypto.js';
export {
  MOBILE_WALLET_CONNECTION_KEY,
  MOBILE_WALLET_PENDING_KEY,
  MOBILE_WALLET_RESULT_KEY,
  type MobileWalletConnection,
  type MobileWalletPendingRequest,
  type MobileWalletRequestKind,
} from '../core/mobileWallets/mobileWalletRecords.js';
export { encryptionKeyParam, hasMobileWalletReturn, MOBILE_WALLET_REQUEST_PARAM, readMobileWalletReturn, type MobileWalletReturn } from '../core/mobileWallets/readMobileWalletReturn.js';
export {
  mobileWalletMachine,
  mobileWalletStatus,
  type MobileWalletActorRef,
  type MobileWalletContext,
  type MobileWalletEvent,
  type MobileWalletInput,
  type MobileWalletMachine,
  type MobileWalletSignature,
  type MobileWalletSnapshot,
  type MobileWalletStatus,
} from '../core/machines/mobileWallet/mobileWalletMachine.js';
