// @latchkey/headless/embedded — embedded (custody) wallets: the session machine of SPEC §4, the stampers,
// the custody API client, the wallet as a SolanaSigner, e-mail recovery. Its own entry: a host that never
// creates an embedded wallet does not carry it (nor @hpke/core).

export { createEmbeddedWallet, type CreateEmbeddedWalletParameters, type CreateEmbeddedWalletReturnType } from '../core/actions/createEmbeddedWallet.js';
export { deleteEmbeddedWallets, type DeleteEmbeddedWalletsParameters, type DeleteEmbeddedWalletsReturnType } from '../core/actions/deleteEmbeddedWallets.js';
export { registerSessionKey, type RegisterSessionKeyParameters, type RegisterSessionKeyReturnType } from '../core/actions/registerSessionKey.js';
export { startEmailRecovery, type StartEmailRecoveryParameters } from '../core/actions/startEmailRecovery.js';
export {
  createEmbeddedWalletClient,
  embeddedAccountOf,
  embeddedWalletSettingsOf,
  PASSKEY_REQUIRED_MESSAGE,
  type CreateWalletOptions,
  type EmbeddedWalletAccount,
  type EmbeddedWalletClient,
  type EmbeddedWalletConfig,
  type EmbeddedWalletHost,
  type EmbeddedWalletSettings,
} from '../core/embedded/createEmbeddedWalletClient.js';
export type { EmbeddedWalletCommands, EmbeddedWalletCommandState } from '../core/embedded/embeddedWalletCommands.js';
export { createWalletPasskey, type WalletPasskey } from '../core/embedded/createWalletPasskey.js';
export { EXPORT_FRAME_PATH, mountExportFrame, type ExportFrame } from '../core/embedded/exportFrame.js';
export { createCustodyApi, fromCustodyError, isSessionKeyRejected, CUSTODY_CLIENT_VERSION, type CustodyApi } from '../core/embedded/custody/createCustodyApi.js';
export {
  embeddedWalletMachine,
  embeddedWalletStatus,
  type ActiveSession,
  type EmbeddedSessionClient,
  type EmbeddedWalletActorRef,
  type EmbeddedWalletContext,
  type EmbeddedWalletEvent,
  type EmbeddedWalletInput,
  type EmbeddedWalletMachine,
  type EmbeddedWalletSnapshot,
  type EmbeddedWalletStatus,
} from '../core/machines/embeddedWallet/embeddedWalletMachine.js';
export { createBundleTarget, openRecoveryCode, RECOVERY_CODE_LIFETIME_MS, RECOVERY_SESSION_MS, type BundleTarget } from '../core/embedded/recovery.js';
export { createPasskeyStamper, passkeyStampChallenge, PASSKEY_STAMP_TIMEOUT_MS } from '../core/embedded/stampers/createPasskeyStamper.js';
export { createSessionKeyStamper, generateSessionKey, importSessionKey, type SessionKey } from '../core/embedded/stampers/createSessionKeyStamper.js';
export { createIndexedDbSessionKeyStore, createMemorySessionKeyStore, type SessionKeyStore, type StoredSessionKey } from '../core/embedded/stampers/sessionKeyStore.js';
export type { Stamp, Stamper } from '../core/embedded/stampers/Stamper.js';
