import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWallet, mpcSession } from '../../test/mpcTestClient.js';
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
  const [device, backup] = wallet.shares.map((share) => share.keygenId) as [string, string];
  const post = (body: Record<string, unknown>) =>
    t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, { token: session.jwt, body: { walletId: wallet.walletId, source: 'user', passwordEncrypted: true, ...body } });
  const secrets = async () => {
    const { keyShares } = (await post({ secret: 'probe', keygenId: backup })).body as { keyShares: { id: string; backupLocation: string | null }[] };
    const ids = keyShares.filter((record) => !record.backupLocation).map((record) => record.id);
    return (await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds: ids } })).body.keyShares.map((share: { secret: string }) => share.secret).sort();
  };
  session.socket.close();
  return { device, backup, post, secrets };
}

describe('MPC key-share backups: one per share and place', () => {
  it('behavior: a second backup of the same share at the same place replaces the first; another share, place, or an unnamed one is its own', async () => {
    const { device, post, secrets } = await walletWithBackups('mpc-backup-slots@example.com');
    expect((await post({ secret: 'device-1', keygenId: device })).body.keyShares).toHaveLength(1);
    expect((await post({ secret: 'device-2', keygenId: device })).body.keyShares).toHaveLength(1);
    expect((await post({ backupLocation: 'googleDrive', keygenId: device })).body.keyShares).toHaveLength(2);
    expect((await post({ backupLocation: 'googleDrive', keygenId: device })).body.keyShares).toHaveLength(2);
    expect((await post({ secret: 'unnamed-1' })).body.keyShares).toHaveLength(3);
    expect((await post({ secret: 'unnamed-2' })).body.keyShares).toHaveLength(3);
    // `secrets()` backs up `backup` itself once (replacing on later calls): four records.
    expect(await secrets()).toEqual(['device-2', 'probe', 'unnamed-2']);
  });

  it('behavior: a flood of backups leaves at most one record per share and place (a planted one cannot pile up beside the real ones)', async () => {
    const { device, post } = await walletWithBackups('mpc-backup-flood@example.com');
    for (let i = 0; i < 30; i++) await post({ secret: `junk-${i}`, ...(i % 2 ? { keygenId: device } : {}) });
    expect((await post({ secret: 'last' })).body.keyShares).toHaveLength(2);
  });

  it('error: a keygen id that is not a client share of the wallet’s current generation → 400 invalid_request (keygenId)', async () => {
    const { post } = await walletWithBackups('mpc-backup-stranger@example.com');
    const refused = await post({ secret: 's', keygenId: 'not-a-share-of-this-wallet' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', path: 'keygenId' });
  });
});
