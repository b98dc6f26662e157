import { ed25519_FROST } from '@noble/curves/ed25519.js';
import type { KeyShareRecord } from '@latchkey/protocol';
import { backupProofContext, decodePublic, fromHex, proveShare, toHex, type FrostScheme, type PublicPackageWire } from '@latchkey/protocol/frost';
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
  // One record per share and place (the server replaces an older backup of the same share there), each with the
  // proof that this device holds the share: a stolen session alone cannot replace it.
  for (const [i, secret] of secrets.entries()) {
    const share = shares[i] as ClientShare;
    const fields = { source: 'user' as const, passwordEncrypted: true, ...(location === 'productApi' ? { secret } : { backupLocation: location }) };
    const proof = toHex(await proveShare(share.secret, 'backup', backupProofContext(keys.walletId, fields)));
    records = (await backupKeyShares(context.api, { walletId: keys.walletId, backup: { walletId: keys.walletId, keygenId: share.keygenId, proof, ...fields } })).keyShares;
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
 * package. Each backup is tried on its own: one that does not open (another password, malformed, a
 * record someone else put there) is skipped, so a planted record cannot keep the user from theirs.
 * Only when none opens is it an error — `mpc_backup_password_invalid` if one failed on the password,
 * else `mpc_backup_not_found`. A wrong password changes nothing anywhere.
 */
export async function openBackups(context: BackupContext, walletId: string, records: readonly KeyShareRecord[], location: BackupLocation, password: string): Promise<{ keys: WalletKeys; shares: ClientShare[] }> {
  const notFound = () => mpcError('mpc_backup_not_found', { params: { location: backupLocationName(location) } });
  const secrets = await readSecrets(context, walletId, records, location);
  const attempts = await Promise.allSettled(secrets.map((secret) => decryptBackup(password, walletId, secret).then(checkedShare)));
  const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
  // The wallet's key is the one the first backup that opened names; one of another key is not this wallet's share.
  const first = opened[0];
  if (!first) {
    const wrongPassword = attempts.some((attempt) => attempt.status === 'rejected' && (attempt.reason as { code?: unknown })?.code === 'mpc_backup_password_invalid');
    throw wrongPassword ? mpcError('mpc_backup_password_invalid', { path: 'password' }) : notFound();
  }
  const shares: ClientShare[] = [];
  for (const { entry, share } of opened) {
    if (entry.public.commitments[0] !== first.entry.public.commitments[0]) continue;
    if (shares.some((kept) => kept.secret.identifier === share.secret.identifier)) continue;
    shares.push(share);
  }
  const keys = first.entry;
  return { keys: { walletId, scheme: keys.thresholdSignatureScheme, public: keys.public, clientKeygenIds: keys.clientKeygenIds }, shares };
}

/** A backup that opened, as a client share checked against the public package it carries. */
function checkedShare(entry: BackupPlaintext): { entry: BackupPlaintext; share: ClientShare } {
  const share: ClientShare = { keygenId: entry.keygenId, secret: { identifier: entry.identifier, signingShare: fromHex(entry.signingShare, 'signingShare', 32) } };
  ed25519_FROST.validateSecret(share.secret, decodePublic(entry.public));
  return { entry, share };
}
