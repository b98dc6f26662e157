import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { describe, expect, it } from 'vitest';
import { newApiKeyPair } from '../../custody/testHelpers.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * When the admin narrows the access list, every custody key of a user who lost access is deleted at once. A key being
 * registered at that moment passed its access check before, and was not at custody yet when the sweep looked: the test
 * holds the key records so the registration waits right after its check, while the list is narrowed and swept.
 */
describe('PostgreSQL: a session key registered while its user is blocked', () => {
  it('error: the registration is refused (403 user_without_access) and the key does not sign', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const email = `blocked-race-${Date.now()}@example.com`;
      const { jwt } = await t.signIn(email);
      const created = await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const organizationId = created.body.user.verifiedCredentials.find((credential: { format: string }) => credential.format === 'blockchain').wallet_properties.turnkeySubOrganizationId;

      const key = newApiKeyPair();
      await hold('LOCK TABLE session_custody_keys IN SHARE MODE');
      const registering = t.call('POST', '/users/embeddedWallets/sessionKey', { token: jwt, body: { publicKey: key.publicKey } });
      await waitForWaiters(1);
      const blocked = await t.call('PUT', '/sandbox/admin/access-list', { body: { address: email, action: 'block' } });
      expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
      await release();

      const registered = await registering;
      expect(registered.status, JSON.stringify(registered.body)).toBe(403);
      expect(registered.body.error.code).toBe('user_without_access');
      const custody = new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
      await expect(custody.getWhoami({ organizationId })).rejects.toMatchObject({ code: 16 });
    });
  });
});
