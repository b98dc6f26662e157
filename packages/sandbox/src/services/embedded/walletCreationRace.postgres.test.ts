import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { describe, expect, it } from 'vitest';
import { newApiKeyPair } from '../../custody/testHelpers.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * One embedded wallet per chain: on PostgreSQL two creations can run at once, each having found none, each making its
 * wallet at custody. The test holds the wallet table so both get that far and wait at their write.
 */
describe('PostgreSQL: two embedded wallets created at once for one user', () => {
  it('error: one is created; the other is 409 too_many_embedded_wallets_per_chain_for_user, and its custody key no longer works', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { jwt } = await t.signIn(`wallet-race-${Date.now()}@example.com`);
      const keys = [newApiKeyPair(), newApiKeyPair()];
      await hold('LOCK TABLE embedded_wallets IN SHARE MODE');
      const creating = keys.map((key) => t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', sessionPublicKey: key.publicKey } }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(creating);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const loser = answers.findIndex((answer) => answer.status === 409);
      expect(answers[loser]!.body.error.code).toBe('too_many_embedded_wallets_per_chain_for_user');

      const wallets = (await t.call('GET', '/users', { token: jwt })).body.user.verifiedCredentials.filter((credential: { format: string }) => credential.format === 'blockchain');
      expect(wallets).toHaveLength(1);
      const organizationId = wallets[0].wallet_properties.turnkeySubOrganizationId;
      const custody = (key: { privateKey: string; publicKey: string }) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
      expect((await custody(keys[1 - loser]!).getWhoami({ organizationId })).organizationId).toBe(organizationId);
      // The loser's sub-organization is nobody's wallet: its key is gone, so nobody signs with it.
      await expect(custody(keys[loser]!).getWhoami({ organizationId })).rejects.toMatchObject({ code: 16, message: expect.stringContaining('could not find public key') });
    });
  });
});
