// @latchkey/headless/wallets — external Solana wallets: the catalogue, wallet-standard discovery and connection,
// Sign-In-With-Solana, linking. Its own entry: a host's first chunk carries none of it.

export { getWalletNonce, type GetWalletNonceReturnType } from '../core/actions/getWalletNonce.js';
export { verifyWallet, type VerifyWalletParameters, type VerifyWalletReturnType } from '../core/actions/verifyWallet.js';
export { linkWallet, type LinkWalletParameters, type LinkWalletReturnType } from '../core/actions/linkWallet.js';
export { mergeWalletAccounts, type MergeWalletAccountsParameters, type MergeWalletAccountsReturnType } from '../core/actions/mergeWalletAccounts.js';
export { transferWallet, type TransferWalletParameters, type TransferWalletReturnType } from '../core/actions/transferWallet.js';
export { selectPrimaryWallet, type SelectPrimaryWalletParameters, type SelectPrimaryWalletReturnType } from '../core/actions/selectPrimaryWallet.js';
export { unlinkCredential, type UnlinkCredentialParameters, type UnlinkCredentialReturnType } from '../core/actions/unlinkCredential.js';
export { defaultWalletCatalogue } from '../core/wallets/catalogue/defaultWalletCatalogue.js';
export { parseWalletCatalogue } from '../core/wallets/catalogue/parseWalletCatalogue.js';
export { getWalletCatalogue, WALLET_CATALOGUE_PATH, type GetWalletCatalogueOptions } from '../core/wallets/catalogue/getWalletCatalogue.js';
export {
  CATALOGUE_FETCH_TRIES,
  walletCatalogueMachine,
  walletCatalogueStatus,
  type WalletCatalogueActorRef,
  type WalletCatalogueInput,
  type WalletCatalogueSnapshot,
  type WalletCatalogueStatus,
} from '../core/machines/walletCatalogue/walletCatalogueMachine.js';
export { createWalletConnector, type CreateWalletConnectorOptions, type WalletConnector } from '../core/wallets/connector/createWalletConnector.js';
export { browseLinkOf, isPhoneUserAgent, mobileAppOf, type WalletMobileApp } from '../core/mobileWallets/mobileWalletLinksOf.js';
export { mobileAsWalletStatus, toWalletListEntries, type WalletConnectVia, type WalletDevice, type WalletListEntry } from '../core/mobileWallets/walletListEntries.js';
export { toWalletError, USER_REJECTED_MESSAGE } from '../core/wallets/connector/toWalletError.js';
export { createSiwsMessage, nonceOfMessage, type SiwsMessageParts } from '../core/wallets/siws/createSiwsMessage.js';
export { createMemoTransaction, MEMO_PROGRAM_ID } from '../core/wallets/siws/memoTransaction.js';
export type { WalletConnectionMode } from '../core/wallets/standard/features.js';
export {
  CATALOGUE_HANDLED_WALLETS,
  catalogueKeyFor,
  isSupportedSolanaWallet,
  listWalletOptions,
  walletKeyOf,
  type WalletOption,
} from '../core/wallets/standard/solanaWallets.js';
export { currentWallets, watchRegisteredWallets, type WalletRegistry } from '../core/wallets/standard/watchRegisteredWallets.js';
export {
  WALLET_CONNECTION_KEY,
  WALLET_DISCONNECT_TIMEOUT_MS,
  WALLET_RECONNECT_TIMEOUT_MS,
  walletSignInMachine,
  walletSignInStatus,
  type StoredWalletConnection,
  type WalletPurpose,
  type WalletSignInActorRef,
  type WalletSignInClient,
  type WalletSignInEvent,
  type WalletSignInInput,
  type WalletSignInSnapshot,
  type WalletSignInStatus,
} from '../core/machines/walletSignIn/walletSignInMachine.js';
