import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * PUT /users reads the user, checks the fields, and writes the profile back. On PostgreSQL two updates run at once:
 * the test holds the users table so both get as far as their write.
 */
describe('PostgreSQL: two profile updates at once', () => {
  it('error: two users saving one value of a unique custom field — one keeps it, the other is custom_field_data_not_unique', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const users = [await t.signIn(`unique-a-${Date.now()}@example.com`), await t.signIn(`unique-b-${Date.now()}@example.com`)];
      await hold('LOCK TABLE users IN SHARE MODE');
      const saving = users.map(({ jwt }) => t.call('PUT', '/users', { token: jwt, body: { metadata: { handle: 'hopper' } } }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(saving);
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.error.code).toBe('custom_field_data_not_unique');
    });
  });

  it('behavior: one user updating two fields from two tabs at once keeps both (no lost update)', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { jwt } = await t.signIn(`two-tabs-${Date.now()}@example.com`);
      await hold('LOCK TABLE users IN SHARE MODE');
      const saving = [{ firstName: 'Grace' }, { metadata: { team: 'Navy' } }].map((body) => t.call('PUT', '/users', { token: jwt, body }));
      await waitForWaiters(2);
      await release();
      expect((await Promise.all(saving)).map((answer) => answer.status)).toEqual([200, 200]);
      const user = (await t.call('GET', '/users', { token: jwt })).body.user;
      expect({ firstName: user.firstName, team: user.metadata.team }).toEqual({ firstName: 'Grace', team: 'Navy' });
    });
  });
});
