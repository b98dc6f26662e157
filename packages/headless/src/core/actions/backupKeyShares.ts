import type { KeyShareBackup, KeyShareList } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type BackupKeySharesParameters = { walletId: string; backup: KeyShareBackup };
export type BackupKeySharesReturnType = KeyShareList;

/** POST /waas/{walletId}/keyShares/backup (bearer): records a password-encrypted backup of a client share (the ciphertext, or the cloud drive it is in); answers the wallet's backups. */
export async function backupKeyShares(client: ApiClient, parameters: BackupKeySharesParameters): Promise<BackupKeySharesReturnType> {
  return client.api.request('backupKeyShares', { params: { walletId: parameters.walletId }, body: parameters.backup });
}
