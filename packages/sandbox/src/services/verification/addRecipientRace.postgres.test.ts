import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * An e-mail address belongs to one account: adding one another account holds is `user_has_already_account_with_email`.
 * On PostgreSQL two accounts can add the same address at once, each having found it free; the test holds the
 * credentials table so both get that far and wait at their write.
 */
describe('PostgreSQL: two accounts add the same e-mail address at once', () => {
  it('error: one adds it; the other is told the address is taken (400), not a 500', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const address = `shared-${Date.now()}@example.com`;
      const users = [await t.signIn(`first-${Date.now()}@example.com`), await t.signIn(`second-${Date.now()}@example.com`)];
      const verifications: { verificationUUID: string; code: string }[] = [];
      for (let index = 0; index < 2; index += 1) {
        const created = await t.call('POST', '/emailVerifications/create', { body: { email: address } });
        const [message] = await t.inbox(address);
        verifications.push({ verificationUUID: created.body.verificationUUID, code: message!.code! });
      }

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const adding = users.map(({ jwt }, index) =>
        t.call('POST', '/emailVerifications/verify', { token: jwt, body: { verificationUUID: verifications[index]!.verificationUUID, verificationToken: verifications[index]!.code } }),
      );
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(adding);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.status === 400)!;
      expect(refused.body.error).toMatchObject({ code: 'user_has_already_account_with_email', path: 'email' });
    });
  });
});
