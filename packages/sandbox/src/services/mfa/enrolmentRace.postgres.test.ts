import { mfaDeviceListSchema } from '@latchkey/protocol';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { waitForLockWaiters } from '../../test/postgresLocks.js';
import { freshPostgresDatabase, startTestSandbox } from '../../test/testSandbox.js';
import { totpCode } from './totp.js';

/**
 * A session adds a second factor beside the user's only after passing one of them recently; a user with none may add
 * the first. On PostgreSQL two sessions of a user with none — the user's and a thief's — can enrol at once: each was
 * checked against "no device yet". The test holds the device table so both run their checks and wait at their write.
 */
describe('PostgreSQL: two sessions of a user with no second factor enrol at once', () => {
  it('error: the first device is added; the other session is then asked for it (403 mfa_invalid_request) and adds none', async () => {
    const clusterUrl = inject('sandboxPostgresUrl');
    if (!clusterUrl) throw new Error('The PostgreSQL run provides sandboxPostgresUrl.');
    const database = await freshPostgresDatabase(clusterUrl);
    const t = await startTestSandbox({ databaseUrl: database.url });
    const locker = new pg.Client({ connectionString: database.url });
    try {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
      const email = `enrol-race-${Date.now()}@example.com`;
      const sessions = [await t.signIn(email), await t.signIn(email)];
      const registrations = await Promise.all(sessions.map(async ({ jwt }) => (await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body as { id: string; secret: string }));

      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE mfa_devices IN SHARE MODE');
      const verifying = sessions.map(({ jwt }, index) =>
        t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: registrations[index]!.id, code: totpCode(registrations[index]!.secret, t.clock.now()) } }),
      );
      await waitForLockWaiters(locker, 2);
      await locker.query('COMMIT');
      const answers = await Promise.all(verifying);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      expect(answers.find((answer) => answer.status === 403)!.body.error.code).toBe('mfa_invalid_request');
      const winner = sessions[answers.findIndex((answer) => answer.status === 200)]!;
      expect(mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: winner.jwt })).body).count).toBe(1);
    } finally {
      await locker.end().catch(() => undefined);
      await t.close();
      await database.drop();
    }
  });
});
