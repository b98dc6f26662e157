import { describe, expect, it } from 'vitest';
import { oauthFlow } from '../../test/oauthFlow.js';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * The first sign-in with an identity creates its user; every later one signs that user in. On PostgreSQL two first
 * sign-ins with one identity run at once, each finding no owner: the test holds the credentials table so both get as
 * far as their write. The one that comes second must sign in the user the first created — not fail on the unique key.
 */
describe('PostgreSQL: two first sign-ins with one identity at once', () => {
  it('behavior: two e-mail codes for one new address, used at once, sign in one and the same user', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const email = `first-${Date.now()}@example.com`;
      const seen = new Set<string>();
      const sendCode = async () => {
        const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
        expect(created.status).toBe(200);
        const message = (await t.inbox(email)).find((candidate) => !seen.has(candidate.id))!;
        seen.add(message.id);
        return { verificationUUID: created.body.verificationUUID as string, verificationToken: message.code };
      };
      const codes = [await sendCode(), await sendCode()];

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const signingIn = codes.map((body) => t.call('POST', '/emailVerifications/signin', { body }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(signingIn);
      expect(answers.map((answer) => answer.status), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 200]);
      const [one, other] = answers.map((answer) => answer.body.user.id as string);
      expect(one).toBe(other);
      expect(answers.map((answer) => answer.body.user.newUser).sort()).toEqual([false, true]);
    });
  });

  it('behavior: two Google sign-ins of one new account at once sign in one and the same user', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      const { codeFor } = oauthFlow(() => t);
      const google = `first-google-${Date.now()}@example.test`;
      const codes = [await codeFor('google', google), await codeFor('google', google)];

      await hold('LOCK TABLE verified_credentials IN SHARE MODE');
      const signingIn = codes.map((code) => t.call('POST', '/providers/google/signIn', { body: code }));
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(signingIn);
      expect(answers.map((answer) => answer.status), JSON.stringify(answers.map((answer) => answer.body))).toEqual([200, 200]);
      expect(answers[0]!.body.user.id).toBe(answers[1]!.body.user.id);
    });
  });
});
