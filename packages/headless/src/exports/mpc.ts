// @latchkey/headless/mpc — MPC wallets (FROST key shares): the ceremony machine over the JSON-RPC socket, the
// client (keygen, signing, backups, restore, reshare, export), the share vault. Its own entry: a host that never
// creates an MPC wallet does not carry it (nor @noble/curves' FROST, nor HPKE).

export { backupKeyShares, type BackupKeySharesParameters, type BackupKeySharesReturnType } from '../core/actions/backupKeyShares.js';
export { createMpcWallet, type CreateMpcWalletParameters, type CreateMpcWalletReturnType } from '../core/actions/createMpcWallet.js';
export { exportMpcPrivateKey, type ExportMpcPrivateKeyParameters, type ExportMpcPrivateKeyReturnType } from '../core/actions/exportMpcPrivateKey.js';
export { recoverKeyShares, type RecoverKeySharesParameters, type RecoverKeySharesReturnType } from '../core/actions/recoverKeyShares.js';
export { refreshMpcWallet, type RefreshMpcWalletParameters, type RefreshMpcWalletReturnType } from '../core/actions/refreshMpcWallet.js';
export { reshareMpcWallet, type ReshareMpcWalletParameters, type ReshareMpcWalletReturnType } from '../core/actions/reshareMpcWallet.js';
export { signMpcMessage, type SignMpcMessageParameters, type SignMpcMessageReturnType } from '../core/actions/signMpcMessage.js';
export {
  exportCeremony,
  keygenCeremony,
  reshareCeremony,
  signCeremony,
  type Ceremony,
  type CeremonyStep,
  type ClientShare,
  type KeyMaterial,
  type MpcRpc,
  type MpcStepName,
  type SealedServerShare,
} from '../core/mpc/ceremonies.js';
export { createPopupCloudDrive, type CloudDrive, type CloudDriveProvider, type PopupCloudDriveOptions } from '../core/mpc/cloudDrive.js';
export {
  createMpcWalletClient,
  mpcWalletSettingsOf,
  type BackupOptions,
  type MpcDeviceState,
  type MpcWalletClient,
  type MpcWalletConfig,
  type MpcWalletHost,
  type MpcWalletSettings,
} from '../core/mpc/createMpcWalletClient.js';
export { mpcAccountOf, type MpcWalletAccount } from '../core/mpc/mpcAccount.js';
export { driveFileName, type BackupLocation } from '../core/mpc/mpcBackups.js';
export { backupLocationName, mpcError, mpcErrorMessages } from '../core/mpc/mpcError.js';
export { connectMpcSocket } from '../core/mpc/mpcSocketRpc.js';
export { MPC_EXPORT_FRAME_PATH, mountMpcExportFrame, type MpcExportFrame } from '../core/mpc/mountMpcExportFrame.js';
export { BACKUP_KDF_ITERATIONS, MIN_BACKUP_PASSWORD_LENGTH, decryptBackup, encryptBackup, type BackupPlaintext } from '../core/mpc/passwordBackup.js';
export {
  createIndexedDbShareVaultStore,
  createMemoryShareVaultStore,
  createShareVault,
  type DeviceShares,
  type SealedShares,
  type ShareVault,
  type ShareVaultStore,
} from '../core/mpc/shareVault.js';
export {
  mpcSessionMachine,
  mpcSessionStatus,
  type MpcSessionActorRef,
  type MpcSessionContext,
  type MpcSessionEvent,
  type MpcSessionInput,
  type MpcSessionMachine,
  type MpcSessionSnapshot,
  type MpcSessionStatus,
} from '../core/machines/mpcSession/mpcSessionMachine.js';
