import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { waitForLockWaiters } from '../../test/postgresLocks.js';
import { freshPostgresDatabase, startTestSandbox } from '../../test/testSandbox.js';

/**
 * POST /refresh checks the session, then pushes its expiry. On PostgreSQL a sign-out can commit in between (the test
 * holds the session's row so the refresh waits right there, and ends the session as /revoke does): the refresh must
 * not extend an ended session and sign a fresh token for it.
 */
describe('PostgreSQL: a refresh racing the end of its session', () => {
  it('error: the session is revoked while the refresh is under way → 401 unauthorized, no new token, the session stays ended', async () => {
    const clusterUrl = inject('sandboxPostgresUrl');
    if (!clusterUrl) throw new Error('The PostgreSQL run provides sandboxPostgresUrl.');
    const database = await freshPostgresDatabase(clusterUrl);
    const t = await startTestSandbox({ databaseUrl: database.url });
    const locker = new pg.Client({ connectionString: database.url });
    try {
      const signedIn = await t.signIn(`refresh-race-${Date.now()}@example.com`);
      const sessionId = signedIn.user.sessionId;
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      const refreshing = t.call('POST', '/refresh', { token: signedIn.jwt });
      await waitForLockWaiters(locker, 1);
      await locker.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1', [sessionId, t.clock.now().toISOString()]);
      await locker.query('COMMIT');

      const refreshed = await refreshing;
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(401);
      expect(refreshed.body.error).toMatchObject({ code: 'unauthorized', message: 'The session has been revoked.' });
      const { rows } = await locker.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [sessionId]);
      expect(rows[0]!.expires_at.toISOString()).toBe(new Date(signedIn.expiresAt!).toISOString());
    } finally {
      await locker.end().catch(() => undefined);
      await t.close();
      await database.drop();
    }
  });
});
