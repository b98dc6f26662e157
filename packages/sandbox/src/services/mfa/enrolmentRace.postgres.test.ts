import { mfaDeviceListSchema } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { withRaceSandbox } from '../../test/postgresLocks.js';
import { totpCode } from './totp.js';
import { MAX_PENDING_TOTP_REGISTRATIONS } from './totpRegistration.js';

/**
 * A session adds a second factor beside the user's only after passing one of them recently; a user with none may add
 * the first. On PostgreSQL two sessions of a user with none — the user's and a thief's — can enrol at once: each was
 * checked against "no device yet". The test holds the device table so both run their checks and wait at their write.
 */
describe('PostgreSQL: two sessions of a user with no second factor enrol at once', () => {
  it('error: the first device is added; the other session is then asked for it (403 mfa_invalid_request) and adds none', async () => {
    await withRaceSandbox(async ({ t, hold, waitForWaiters, release }) => {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
      const email = `enrol-race-${Date.now()}@example.com`;
      const sessions = [await t.signIn(email), await t.signIn(email)];
      const registrations = await Promise.all(sessions.map(async ({ jwt }) => (await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body as { id: string; secret: string }));

      await hold('LOCK TABLE mfa_devices IN SHARE MODE');
      const verifying = sessions.map(({ jwt }, index) =>
        t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id: registrations[index]!.id, code: totpCode(registrations[index]!.secret, t.clock.now()) } }),
      );
      await waitForWaiters(2);
      await release();
      const answers = await Promise.all(verifying);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      expect(answers.find((answer) => answer.status === 403)!.body.error.code).toBe('mfa_invalid_request');
      const winner = sessions[answers.findIndex((answer) => answer.status === 200)]!;
      expect(mfaDeviceListSchema.parse((await t.call('GET', '/users/mfa', { token: winner.jwt })).body).count).toBe(1);
    });
  });
});

/**
 * A user keeps at most `MAX_PENDING_TOTP_REGISTRATIONS` unverified authenticator registrations: each new one drops the
 * oldest past the limit. Two started at once each counted the same rows.
 */
describe('PostgreSQL: two authenticator registrations started at once, at the limit', () => {
  it(`behavior: still at most ${MAX_PENDING_TOTP_REGISTRATIONS} pending`, async () => {
    await withRaceSandbox(async ({ t, locker, hold, waitForWaiters, release }) => {
      await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
      const { jwt, user } = await t.signIn(`pending-race-${Date.now()}@example.com`);
      for (let index = 0; index < MAX_PENDING_TOTP_REGISTRATIONS; index += 1) expect((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).status).toBe(200);

      await hold('LOCK TABLE mfa_devices IN SHARE MODE');
      const starting = [0, 1].map(() => t.call('GET', '/users/mfa/register/totp', { token: jwt }));
      await waitForWaiters(2);
      await release();
      expect((await Promise.all(starting)).map((answer) => answer.status)).toEqual([200, 200]);
      const { rows } = await locker.query<{ pending: number }>('SELECT count(*)::int AS pending FROM mfa_devices WHERE user_id = $1 AND NOT verified', [user.id]);
      expect(rows[0]!.pending).toBe(MAX_PENDING_TOTP_REGISTRATIONS);
    });
  });
});
