import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';
import { createTestKeypair, walletVerifyBody, type TestKeypair } from '../../test/testWallet.js';

/**
 * A wallet another account holds is not linked: the caller is offered the merge or transfer (409). On PostgreSQL two
 * accounts can link one new wallet at once, each having found it free; the test holds the credentials table so both
 * get as far as their write. The second must be told what it would be told a moment later, not fail on the unique key.
 */
describe('PostgreSQL: two accounts link the same new wallet at once', () => {
  it('error: one links it; the other is offered the merge (409 merge_accounts_confirmation), not a 500', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const verifyBody = (wallet: TestKeypair) => walletVerifyBody(t, wallet);
      const wallet = createTestKeypair();
      const users = [await t.signIn(`link-race-a-${Date.now()}@example.com`), await t.signIn(`link-race-b-${Date.now()}@example.com`)];
      const bodies = [await verifyBody(wallet), await verifyBody(wallet)];

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const linking = users.map(({ jwt }, index) => t.call('POST', '/verify/link', { token: jwt, body: bodies[index] }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(linking);
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error.code).toBe('merge_accounts_confirmation');
    });
  });
});
