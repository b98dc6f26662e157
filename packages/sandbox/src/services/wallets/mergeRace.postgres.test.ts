import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';
import { createTestKeypair, walletVerifyBody, type TestKeypair } from '../../test/testWallet.js';

/**
 * A merge deletes the account it merges away, so an account holding an embedded wallet is never merged (the wallet
 * would go with it). On PostgreSQL that account's owner can create the wallet while the merge runs: the test holds the
 * wallet table so the creation waits at its write, with the merge behind it.
 */
describe('PostgreSQL: an account merged away while its owner creates an embedded wallet', () => {
  it('error: the wallet is created and kept; the merge is refused (403 merge_accounts_invalid)', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const verifyBody = (wallet: TestKeypair) => walletVerifyBody(t, wallet);
      // The owner: an e-mail account with an external wallet linked. The caller: another account, signing with that wallet.
      const theirs = createTestKeypair();
      const owner = await t.signIn(`merge-race-${Date.now()}@example.com`);
      expect((await t.call('POST', '/verify/link', { token: owner.jwt, body: await verifyBody(theirs) })).status).toBe(200);
      const caller = (await t.call('POST', '/verify', { body: await verifyBody(createTestKeypair()) })).body as { jwt: string };

      await hold('LOCK TABLE embedded_wallets IN SHARE MODE');
      const creating = t.call('POST', '/users/embeddedWallets', { token: owner.jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } });
      await waitForWaiters(1);
      const merging = t.call('POST', '/verify/merge', { token: caller.jwt, body: await verifyBody(theirs) });
      await waitForWaiters(2);
      await release();
      const [created, merged] = await Promise.all([creating, merging]);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(merged.status, JSON.stringify(merged.body)).toBe(403);
      expect(merged.body.error.code).toBe('merge_accounts_invalid');
      const kept = (await t.call('GET', '/users', { token: owner.jwt })).body.user;
      expect(kept.verifiedCredentials.some((credential: { wallet_provider?: string }) => credential.wallet_provider === 'embeddedWallet')).toBe(true);
    });
  });
});
