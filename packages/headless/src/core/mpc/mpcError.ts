import type { MpcErrorCode } from '../errors/errorCodes.js';
import { LatchkeyError, type LatchkeyErrorOptions } from '../errors/LatchkeyError.js';

/** Messages of the MPC wallet's own codes (SPEC §8 gives none; the wording says what happened and what to do). */
export const mpcErrorMessages: Readonly<Record<MpcErrorCode, string>> = {
  mpc_wallet_not_found: 'There is no MPC wallet for this account yet.',
  mpc_wallet_locked: 'This wallet is locked on this device. Restore it from a backup to use it here.',
  mpc_password_required: 'Choose a password (at least {min} characters) to protect the backup.',
  mpc_backup_password_invalid: 'That password does not open this backup. The backup is unchanged.',
  mpc_backup_not_found: 'No backup of this wallet was found in {location}.',
  mpc_backup_location_unavailable: 'This project does not offer {location} for backups.',
  mpc_cloud_drive_failed: '{location} could not be reached: {reason}',
  mpc_ceremony_refused: 'The signing service refused the request: {reason}',
  mpc_ceremony_interrupted: 'The connection to the signing service dropped. Try again.',
  mpc_vault_unavailable: 'This browser cannot keep the wallet key share safely (IndexedDB and WebCrypto are needed).',
  mpc_export_failed: 'The key could not be shown: {reason}',
};

/** A `LatchkeyError` with one of the MPC wallet's codes and its message. */
export function mpcError(code: MpcErrorCode, options: Omit<LatchkeyErrorOptions, 'message'> = {}): LatchkeyError {
  const message = mpcErrorMessages[code].replace(/\{(\w+)\}/g, (whole, name: string) => String(options.params?.[name] ?? whole));
  return new LatchkeyError(code, { ...options, message });
}

/** The user-facing name of a backup location. */
export const backupLocationName = (location: 'productApi' | 'googleDrive' | 'icloud') =>
  ({ productApi: 'your account', googleDrive: 'Google Drive', icloud: 'iCloud' })[location];
