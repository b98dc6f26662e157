import { ed25519_FROST } from '@noble/curves/ed25519.js';
import type { KeyShareRecord } from '@latchkey/protocol';
import { decodePublic, fromHex, toHex, type FrostScheme, type PublicPackageWire } from '@latchkey/protocol/frost';
import { backupKeyShares } from '../actions/backupKeyShares.js';
import { recoverKeyShares } from '../actions/recoverKeyShares.js';
import type { ApiClient } from '../transport/createApi.js';
import type { ClientShare } from './ceremonies.js';
import type { CloudDrive, CloudDriveProvider } from './cloudDrive.js';
import { backupLocationName, mpcError } from './mpcError.js';
import { decryptBackup, encryptBackup, type BackupPlaintext } from './passwordBackup.js';

/**
 * Backups of client shares, each encrypted with the user's password on the device: kept by the
 * product API (`productApi`) or written to a cloud drive, which the product API only records.
 */

/** Where a backup goes: the product API, or a cloud drive of `sdk.waas.backupOptions`. */
export type BackupLocation = 'productApi' | CloudDriveProvider;

/** The drive file of a wallet's backup. */
export const driveFileName = (walletId: string) => `latchkey-mpc-${walletId}.json`;

export interface BackupContext {
  api: ApiClient;
  drive: CloudDrive | undefined;
}

export interface WalletKeys {
  walletId: string;
  scheme: FrostScheme;
  public: PublicPackageWire;
  clientKeygenIds: string[];
}

const driveOf = (context: BackupContext, location: CloudDriveProvider) => {
  if (!context.drive) throw mpcError('mpc_backup_location_unavailable', { params: { location: backupLocationName(location) } });
  return context.drive;
};

/** Encrypts `shares` with `password` and stores them at `location`; answers the wallet's backups. */
export async function storeBackups(context: BackupContext, keys: WalletKeys, shares: readonly ClientShare[], password: string, location: BackupLocation): Promise<KeyShareRecord[]> {
  const secrets = await Promise.all(
    shares.map((share) => {
      const plaintext: BackupPlaintext = {
        walletId: keys.walletId,
        thresholdSignatureScheme: keys.scheme,
        keygenId: share.keygenId,
        clientKeygenIds: keys.clientKeygenIds,
        identifier: share.secret.identifier,
        signingShare: toHex(share.secret.signingShare),
        public: keys.public,
      };
      return encryptBackup(password, plaintext);
    }),
  );
  if (location !== 'productApi') {
    await driveOf(context, location).write(location, driveFileName(keys.walletId), JSON.stringify({ version: 1, walletId: keys.walletId, shares: secrets }));
  }
  let records: KeyShareRecord[] = [];
  for (const secret of secrets) {
    const backup =
      location === 'productApi'
        ? { walletId: keys.walletId, source: 'user' as const, passwordEncrypted: true, secret }
        : { walletId: keys.walletId, source: 'user' as const, passwordEncrypted: true, backupLocation: location };
    records = (await backupKeyShares(context.api, { walletId: keys.walletId, backup })).keyShares;
  }
  return records;
}

/** The encrypted backups of the wallet at `location` (none: `mpc_backup_not_found`). */
async function readSecrets(context: BackupContext, walletId: string, records: readonly KeyShareRecord[], location: BackupLocation): Promise<string[]> {
  const notFound = () => mpcError('mpc_backup_not_found', { params: { location: backupLocationName(location) } });
  if (location === 'productApi') {
    const ids = records.filter((record) => !record.backupLocation).map((record) => record.id);
    if (ids.length === 0) throw notFound();
    return (await recoverKeyShares(context.api, { walletId, keyShareIds: ids })).keyShares.map((share) => share.secret);
  }
  if (!records.some((record) => record.backupLocation === location)) throw notFound();
  const file = await driveOf(context, location).read(location, driveFileName(walletId));
  if (!file) throw notFound();
  try {
    const parsed = JSON.parse(file) as { walletId?: unknown; shares?: unknown };
    if (parsed.walletId !== walletId || !Array.isArray(parsed.shares) || parsed.shares.some((entry) => typeof entry !== 'string')) throw new Error('not a backup of this wallet');
    return parsed.shares as string[];
  } catch (cause) {
    throw mpcError('mpc_backup_not_found', { params: { location: backupLocationName(location) }, cause });
  }
}

/**
 * Opens the wallet's backups at `location` with `password`: every share checked against its public
 * package. A wrong password changes nothing anywhere (`mpc_backup_password_invalid`).
 */
export async function openBackups(context: BackupContext, walletId: string, records: readonly KeyShareRecord[], location: BackupLocation, password: string): Promise<{ keys: WalletKeys; shares: ClientShare[] }> {
  const secrets = await readSecrets(context, walletId, records, location);
  const opened = await Promise.all(secrets.map((secret) => decryptBackup(password, walletId, secret)));
  const first = opened[0];
  if (!first) throw mpcError('mpc_backup_not_found', { params: { location: backupLocationName(location) } });
  const shares = opened.map((entry) => {
    const share: ClientShare = { keygenId: entry.keygenId, secret: { identifier: entry.identifier, signingShare: fromHex(entry.signingShare, 'signingShare', 32) } };
    ed25519_FROST.validateSecret(share.secret, decodePublic(entry.public));
    if (entry.public.commitments[0] !== first.public.commitments[0]) throw mpcError('mpc_backup_not_found', { params: { location: backupLocationName(location) } });
    return share;
  });
  return { keys: { walletId, scheme: first.thresholdSignatureScheme, public: first.public, clientKeygenIds: first.clientKeygenIds }, shares };
}
