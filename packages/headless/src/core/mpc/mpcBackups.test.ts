import { ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import type { KeyShareRecord } from '@latchkey/protocol';
import { encodePublic, toHex } from '@latchkey/protocol/frost';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../transport/createApi.js';
import { openBackups, type BackupContext } from './mpcBackups.js';
import { encryptBackup } from './passwordBackup.js';

const PASSWORD = 'correct horse battery';
const walletId = 'wallet-1';

/** A TWO_OF_TWO key's client share, backed up with `password`. */
async function realBackup(password = PASSWORD) {
  const { public: pub, secretShares } = frost.trustedDealer({ min: 2, max: 2 });
  const [identifier, share] = Object.entries(secretShares)[0]!;
  const secret = await encryptBackup(password, {
    walletId,
    thresholdSignatureScheme: 'TWO_OF_TWO',
    keygenId: 'device',
    clientKeygenIds: ['device'],
    identifier,
    signingShare: toHex(share.signingShare),
    public: encodePublic(pub),
  });
  return { identifier, secret };
}

/** The product API as `openBackups` reads it: `secrets` by record id. */
function productApi(secrets: readonly string[]): { context: BackupContext; records: KeyShareRecord[] } {
  const records = secrets.map((_, i) => ({ id: `record-${i}`, backupLocation: null, passwordEncrypted: true }) as unknown as KeyShareRecord);
  const api = {
    api: {
      async request(key: string, input: { body: { keyShareIds: string[] } }) {
        if (key !== 'recoverKeyShares') throw new Error(key);
        return { keyShares: input.body.keyShareIds.map((id) => ({ id, backupLocation: null, passwordEncrypted: true, secret: secrets[Number(id.split('-')[1])] })) };
      },
    },
  } as unknown as ApiClient;
  return { context: { api, drive: undefined }, records };
}

describe('openBackups', () => {
  it('behavior: a backup that does not open (planted, another password, malformed) is skipped; the wallet’s own restores', async () => {
    const good = await realBackup();
    const foreign = await realBackup('someone else’s password');
    for (const secrets of [[good.secret, 'not a backup'], ['not a backup', good.secret], [foreign.secret, good.secret, '{"version":1}']]) {
      const { context, records } = productApi(secrets);
      const { shares, keys } = await openBackups(context, walletId, records, 'productApi', PASSWORD);
      expect(shares.map((share) => share.secret.identifier)).toEqual([good.identifier]);
      expect(keys.scheme).toBe('TWO_OF_TWO');
    }
  });

  it('error: when none opens — wrong password → mpc_backup_password_invalid; nothing but junk → mpc_backup_not_found', async () => {
    const good = await realBackup();
    const wrong = productApi([good.secret, 'not a backup']);
    await expect(openBackups(wrong.context, walletId, wrong.records, 'productApi', 'another password')).rejects.toMatchObject({ code: 'mpc_backup_password_invalid' });
    const junk = productApi(['not a backup', '{}']);
    await expect(openBackups(junk.context, walletId, junk.records, 'productApi', PASSWORD)).rejects.toMatchObject({ code: 'mpc_backup_not_found' });
  });
});
