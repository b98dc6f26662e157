import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';

const ORIGIN = 'http://localhost:5173';

/**
 * The last way into an account cannot be removed. On PostgreSQL two removals run at once: each must see what the other
 * did. The test holds the credentials table so both requests run their checks and wait at their last write.
 */
describe('PostgreSQL: two passkeys, the only ways in, deleted at once', () => {
  it('error: one deletion goes through, the other is forbidden_unlink_request: the account keeps a way in', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { jwt } = await t.signIn(`passkeys-race-${Date.now()}@example.com`);
      const passkeyIds: string[] = [];
      for (let index = 0; index < 2; index += 1) {
        const options = await t.call('GET', '/users/passkeys/register', { token: jwt });
        const registered = await t.call('POST', '/users/passkeys/register', { token: jwt, body: { credential: createSoftAuthenticator().register(options.body, ORIGIN) } });
        expect(registered.status, JSON.stringify(registered.body)).toBe(200);
        passkeyIds.push(registered.body.passkey.id);
      }
      const me = (await t.call('GET', '/users', { token: jwt })).body.user;
      const email = me.verifiedCredentials.find((credential: { format: string }) => credential.format === 'email');
      expect((await t.call('POST', '/verify/unlink', { token: jwt, body: { verifiedCrentialId: email.id } })).status).toBe(200);

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const deletions = passkeyIds.map((id) => t.call('DELETE', '/users/passkeys', { token: jwt, body: { id } }));
      await waitForWaiters(2);
      await release();
      const statuses = (await Promise.all(deletions)).map((response) => response.status).sort();
      expect(statuses).toEqual([200, 400]);

      const after = (await t.call('GET', '/users', { token: jwt })).body.user;
      expect(after.verifiedCredentials.map((credential: { format: string }) => credential.format)).toEqual(['passkey']);
      expect((await t.call('GET', '/users/passkeys', { token: jwt })).body.count).toBe(1);
    });
  });
});
