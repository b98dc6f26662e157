import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { describe, expect, it } from 'vitest';
import { newApiKeyPair } from '../../custody/testHelpers.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * Deleting an account deletes the session keys of its embedded wallets at custody. On PostgreSQL a wallet can be
 * created while the deletion runs: the test holds the wallet table so the creation waits at its write, and the
 * deletion runs behind it.
 */
describe('PostgreSQL: an account deleted while its embedded wallet is created', () => {
  it('error: the account goes, and the new wallet\'s session key stops working at custody', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { jwt } = await t.signIn(`delete-race-${Date.now()}@example.com`);
      const key = newApiKeyPair();
      await hold('LOCK TABLE embedded_wallets IN SHARE MODE');
      const creating = t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd', sessionPublicKey: key.publicKey } });
      await waitForWaiters(1);
      const deleting = t.call('DELETE', '/users', { token: jwt, body: { confirmation: 'DELETE' } });
      await waitForWaiters(2);
      await release();
      const [created, deleted] = await Promise.all([creating, deleting]);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const organizationId = created.body.user.verifiedCredentials.find((credential: { format: string }) => credential.format === 'blockchain').wallet_properties.turnkeySubOrganizationId;
      const custody = new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
      await expect(custody.getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
      expect((await t.call('GET', '/users', { token: jwt })).status).toBe(401);
    });
  });
});
