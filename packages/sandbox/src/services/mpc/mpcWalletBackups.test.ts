import { proveShare, toHex } from '@latchkey/protocol/frost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupBody, createWallet, mpcSession, type BackupFields } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** A TWO_OF_THREE wallet (two client shares) of a fresh user, and how to back up and read its shares. */
async function walletWithBackups(email: string) {
  const session = await mpcSession(t, email);
  const wallet = await createWallet(t, session, 'TWO_OF_THREE');
  const [device, backup] = wallet.shares as [(typeof wallet.shares)[number], (typeof wallet.shares)[number]];
  const send = (body: Record<string, unknown>) => t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, { token: session.jwt, body });
  /** A backup of `share` as the kit sends it: with the proof that the device holds the share. */
  const post = async (share: typeof device, fields: Omit<BackupFields, 'source'>) => send(await backupBody(wallet.walletId, share, { source: 'user', passwordEncrypted: true, ...fields }));
  const secrets = async () => {
    const { keyShares } = (await post(backup, { secret: 'probe' })).body as { keyShares: { id: string; backupLocation: string | null }[] };
    const ids = keyShares.filter((record) => !record.backupLocation).map((record) => record.id);
    return (await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds: ids } })).body.keyShares.map((share: { secret: string }) => share.secret).sort();
  };
  session.socket.close();
  return { walletId: wallet.walletId, device, backup, send, post, secrets };
}

describe('MPC key-share backups: one per share and place', () => {
  it('behavior: a second backup of the same share at the same place replaces the first; another share or place is its own', async () => {
    const { device, post, secrets } = await walletWithBackups('mpc-backup-slots@example.com');
    expect((await post(device, { secret: 'device-1' })).body.keyShares).toHaveLength(1);
    expect((await post(device, { secret: 'device-2' })).body.keyShares).toHaveLength(1);
    expect((await post(device, { backupLocation: 'googleDrive' })).body.keyShares).toHaveLength(2);
    expect((await post(device, { backupLocation: 'googleDrive' })).body.keyShares).toHaveLength(2);
    // `secrets()` backs up `backup` itself once (replacing on later calls): three records.
    expect(await secrets()).toEqual(['device-2', 'probe']);
  });

  it('error: a keygen id that is not a client share of the wallet’s current generation → 400 invalid_request (keygenId)', async () => {
    const { walletId, device, send } = await walletWithBackups('mpc-backup-stranger@example.com');
    const refused = await send({ ...(await backupBody(walletId, device, { source: 'user', secret: 's' })), keygenId: 'not-a-share-of-this-wallet' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', path: 'keygenId' });
  });
});

describe('MPC key-share backups: only the holder of a share backs it up', () => {
  it('error: a stolen session without the share cannot replace a backup — no proof, a forged one, one for other content or another share → 403 forbidden (proof); the backup stays', async () => {
    const { walletId, device, backup, send, post, secrets } = await walletWithBackups('mpc-backup-thief@example.com');
    expect((await post(device, { secret: 'the-users-backup' })).status).toBe(200);
    const fields = { source: 'user', passwordEncrypted: true, secret: 'junk' } as const;
    const honest = await backupBody(walletId, device, fields);
    const attempts: Record<string, unknown>[] = [
      // The verifying shares are public; a proof needs the signing share. A random scalar stands in for a guess.
      { ...honest, proof: toHex(await proveShare({ identifier: device.secret.identifier, signingShare: new Uint8Array(32).fill(7) }, 'backup', `${walletId}\0user\0passwordEncrypted\0\0junk`)) },
      // A proof the device made for another backup (say, seen in transit) does not carry this content.
      { ...(await backupBody(walletId, device, { ...fields, secret: 'the-users-backup' })), secret: 'junk' },
      // The backup share's proof does not speak for the device's share.
      { ...(await backupBody(walletId, backup, fields)), keygenId: device.keygenId },
      // Bound to its wallet and purpose.
      { ...honest, proof: toHex(await proveShare(device.secret, 'export', `${walletId}\0user\0passwordEncrypted\0\0junk`)) },
    ];
    for (const body of attempts) {
      const refused = await send(body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'forbidden', path: 'proof', message: 'The backup does not prove that this device holds the key share it backs up.' });
    }
    const missing = await send({ walletId, keygenId: device.keygenId, ...fields });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid_request', path: 'proof' });
    expect(await secrets()).toEqual(['probe', 'the-users-backup']);
  });

  it('error: a captured backup request sent again after a newer backup replaced it → 403 forbidden (proof), the newer stays; sent again while it stands (a retry), it answers the same list and changes nothing', async () => {
    const { walletId, device, send, secrets } = await walletWithBackups('mpc-backup-replay@example.com');
    const old = await backupBody(walletId, device, { source: 'user', passwordEncrypted: true, secret: 'under-the-old-password' });
    const first = await send(old);
    expect(first.status).toBe(200);
    const retried = await send(old);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toEqual(first.body);
    expect((await send(await backupBody(walletId, device, { source: 'user', passwordEncrypted: true, secret: 'under-the-new-password' }))).status).toBe(200);
    const replayed = await send(old);
    expect(replayed.status).toBe(403);
    expect(replayed.body.error).toMatchObject({ code: 'forbidden', path: 'proof', message: 'This backup request was recorded before and a newer backup has replaced it since; send a new one.' });
    expect(await secrets()).toEqual(['probe', 'under-the-new-password']);
  });
});
