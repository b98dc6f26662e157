import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';
import { telegramFlow } from '../../test/telegramFlow.js';

/**
 * A Telegram account belongs to one user: linking one another user holds is `social_account_already_exists`. On
 * PostgreSQL two users can link the same account at once, each having found it free; the test holds the credentials
 * table so both get that far and wait at their write.
 */
describe('PostgreSQL: two users link the same Telegram account at once', () => {
  it('error: one links it; the other is told it belongs to another account (400), not a 500', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { freshState, login } = telegramFlow(() => t);
      const users = [await t.signIn(`tg-race-a-${Date.now()}@example.com`), await t.signIn(`tg-race-b-${Date.now()}@example.com`)];
      const linkBody = async () => {
        const state = await freshState();
        const body = { telegramAuth: (await login(state, { id: '5151' })).telegramAuth, state };
        // Each login's data works once: the next is signed a second later.
        t.clock.advance(1000);
        return body;
      };
      const logins = [await linkBody(), await linkBody()];

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const linking = users.map(({ jwt }, index) => t.call('POST', '/telegram/verify', { token: jwt, body: logins[index] }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(linking);
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.error.code).toBe('social_account_already_exists');
    });
  });
});
