import { describe, it } from 'vitest';
import {
  keyGenerationSchema,
  mpcSignMessageSchema,
  keyShareBackupSchema,
  keyShareListSchema,
  mpcRoomSchema,
  recoveredKeySharesSchema,
  thresholdSchemeChangeSchema,
} from './mpc.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';

/** What every backup carries: the share it backs up, and a proof (its form only; the product API checks it). */
const held = { keygenId: 'k1', proof: 'ab'.repeat(64) };

describe('MPC records', () => {
  it('default: key generation for each scheme, scheme change, room, backups', () => {
    expectParses(keyGenerationSchema, { chain: 'SOL', clientKeygenIds: ['k1'], thresholdSignatureScheme: 'TWO_OF_TWO' });
    expectParses(keyGenerationSchema, { chain: 'EVM', clientKeygenIds: ['k1', 'k2'], thresholdSignatureScheme: 'TWO_OF_THREE' });
    expectParses(keyGenerationSchema, { chain: 'EVM', clientKeygenIds: ['k1', 'k2', 'k3'], thresholdSignatureScheme: 'THREE_OF_FIVE' });
    expectParses(thresholdSchemeChangeSchema, { clientKeygenIds: ['k1', 'k2'], oldThresholdSignatureScheme: 'TWO_OF_TWO', newThresholdSignatureScheme: 'TWO_OF_THREE' });
    expectParses(mpcRoomSchema, { roomId: 'room-1', serverKeygenIds: ['s1'] });
    expectParses(keyShareBackupSchema, { ...held, walletId: 'w1', secret: 'enc', source: 'user', passwordEncrypted: true });
    expectParses(keyShareListSchema, { keyShares: [{ id: 'share-1', backupLocation: 'icloud', passwordEncrypted: false }] });
    expectParses(recoveredKeySharesSchema, { keyShares: [{ id: 'share-1', passwordEncrypted: false, secret: 'enc' }] });
  });

  it('error: a threshold scheme outside the three', () => {
    expectRejectedAt(keyGenerationSchema, { chain: 'SOL', clientKeygenIds: ['k1'], thresholdSignatureScheme: 'THREE_OF_THREE' }, 'thresholdSignatureScheme');
  });

  it('error: a keygen id count that does not fit the scheme, or repeated ids', () => {
    expectRejectedAt(keyGenerationSchema, { chain: 'SOL', clientKeygenIds: ['k1', 'k2'], thresholdSignatureScheme: 'TWO_OF_TWO' }, 'clientKeygenIds', 'needs 1 client keygen id');
    expectRejectedAt(keyGenerationSchema, { chain: 'SOL', clientKeygenIds: ['k1', 'k1'], thresholdSignatureScheme: 'TWO_OF_THREE' }, 'clientKeygenIds', 'must not repeat');
  });

  it('error: a scheme change to the same scheme', () => {
    expectRejectedAt(
      thresholdSchemeChangeSchema,
      { clientKeygenIds: ['k1'], oldThresholdSignatureScheme: 'TWO_OF_TWO', newThresholdSignatureScheme: 'TWO_OF_TWO' },
      'newThresholdSignatureScheme',
      'must differ',
    );
  });

  it('error: a backup without a secret, or with an unknown source', () => {
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', secret: '', source: 'user' }, 'secret');
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', secret: 's', source: 'googleDrive' }, 'source');
  });

  it('error: a backup that does not name its share or prove it is held (a stolen session could replace it)', () => {
    expectRejectedAt(keyShareBackupSchema, { walletId: 'w1', source: 'user', secret: 's', proof: held.proof }, 'keygenId');
    expectRejectedAt(keyShareBackupSchema, { walletId: 'w1', source: 'user', secret: 's', keygenId: 'k1' }, 'proof');
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', source: 'user', secret: 's', proof: 'AB'.repeat(64) }, 'proof', 'lowercase hex');
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', source: 'user', secret: 's', proof: 'ab'.repeat(63) }, 'proof', 'lowercase hex');
  });

  it('default: key generation without a scheme (the project default applies); a backup kept in a cloud drive', () => {
    expectParses(keyGenerationSchema, { chain: 'SOL', clientKeygenIds: ['k1', 'k2'] });
    expectParses(keyShareBackupSchema, { ...held, walletId: 'w1', source: 'user', passwordEncrypted: true, backupLocation: 'googleDrive' });
    expectParses(mpcSignMessageSchema, { message: '00ff10' });
  });

  it('error: a backup with both a secret and a cloud drive, or neither', () => {
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', source: 'user', secret: 's', backupLocation: 'icloud' }, 'secret', 'either');
    expectRejectedAt(keyShareBackupSchema, { ...held, walletId: 'w1', source: 'user' }, 'secret', 'either');
  });

  it('error: a message to sign that is not lowercase hex bytes', () => {
    expectRejectedAt(mpcSignMessageSchema, { message: 'hello' }, 'message', 'lowercase hex');
    expectRejectedAt(mpcSignMessageSchema, { message: 'ABCD' }, 'message', 'lowercase hex');
    expectRejectedAt(mpcSignMessageSchema, { message: 'abc' }, 'message', 'lowercase hex');
  });
});
