import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';

/**
 * POST /refresh checks the session, then pushes its expiry. On PostgreSQL a sign-out can commit in between (the test
 * holds the session's row so the refresh waits right there, and ends the session as /revoke does): the refresh must
 * not extend an ended session and sign a fresh token for it.
 */
describe('PostgreSQL: a refresh racing the end of its session', () => {
  it('error: the session is revoked while the refresh is under way → 401 unauthorized, no new token, the session stays ended', async () => {
    await withRaceSandbox(async ({ t, locker, hold, waitForWaiters, release }) => {
      const signedIn = await t.signIn(`refresh-race-${Date.now()}@example.com`);
      const sessionId = signedIn.user.sessionId;
      await hold('SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      const refreshing = t.call('POST', '/refresh', { token: signedIn.jwt });
      await waitForWaiters(1);
      await locker.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1', [sessionId, t.clock.now().toISOString()]);
      await release();

      const refreshed = await refreshing;
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(401);
      expect(refreshed.body.error).toMatchObject({ code: 'unauthorized', message: 'The session has been revoked.' });
      const { rows } = await locker.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [sessionId]);
      expect(rows[0]!.expires_at.toISOString()).toBe(new Date(signedIn.expiresAt!).toISOString());
    });
  });
});
