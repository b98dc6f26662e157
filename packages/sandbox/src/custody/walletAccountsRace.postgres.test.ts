import { describe, expect, it } from 'vitest';
import { custodyUser } from '../test/custodyRace.js';
import { withRaceSandbox } from '../test/postgresLocks.js';

/**
 * An account a wallet already has is refused (code 3, "already exists"). On PostgreSQL two `create_wallet_accounts` for
 * one path run at once, each finding it free; the test holds the accounts table so both get as far as their write.
 */
describe('custody on PostgreSQL: one wallet account created twice at once', () => {
  it('error: one creates it; the other is refused as existing (code 3), not an internal error', async () => {
    await withRaceSandbox(async (race) => {
      const user = await custodyUser(race);
      const { organizationId } = user;
      const session = user.clientFor(user.sessionKey);
      const [wallet] = (await session.getWallets({ organizationId })).wallets;
      const create = (offsetMs: number) =>
        session.createWalletAccounts({
          type: 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
          // Two different requests (a request seen twice is refused as a replay).
          timestampMs: String(race.t.clock.now().getTime() - offsetMs),
          organizationId,
          parameters: { walletId: wallet!.walletId, accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/7'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
        });

      await race.hold('LOCK TABLE custody_wallet_accounts IN SHARE MODE');
      const creating = [user.outcome(create(0)), user.outcome(create(1))];
      await race.waitForWaiters(2);
      await race.release();
      expect((await Promise.all(creating)).sort()).toEqual([3, 'done']);
      const accounts = (await session.getWalletAccounts({ organizationId, walletId: wallet!.walletId })).accounts;
      expect(accounts.filter((account) => account.path === "m/44'/501'/7'/0'")).toHaveLength(1);
    });
  });
});
