import { describe, expect, it } from 'vitest';
import { oauthFlow } from '../../test/oauthFlow.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * A social account belongs to one user: linking one another user holds is `social_account_already_exists`. On
 * PostgreSQL two users can link the same account at once, each having found it free; the test holds the credentials
 * table so both get that far and wait at their write.
 */
describe('PostgreSQL: two users link the same Google account at once', () => {
  it('error: one links it; the other is told it belongs to another account (400), not a 500', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { codeFor } = oauthFlow(() => t);
      const google = `shared-google-${Date.now()}@example.test`;
      const users = [await t.signIn(`first-${Date.now()}@example.com`), await t.signIn(`second-${Date.now()}@example.com`)];
      const codes = [await codeFor('google', google), await codeFor('google', google)];

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const linking = users.map(({ jwt }, index) => t.call('POST', '/providers/google/verify', { token: jwt, body: codes[index] }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(linking);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.error.code).toBe('social_account_already_exists');
    });
  });
});
