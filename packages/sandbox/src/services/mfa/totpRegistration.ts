import { randomUUID } from 'node:crypto';
import type { MfaDevice, TotpRegistration } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import { ApiError } from '../../errors/ApiError.js';
import { loadUser } from '../users/userRepository.js';
import { assertMethodEnabled, DEVICE_COLUMNS, lockEnrolment, mfaMessages, toWireDevice, verifiedDevices, type DeviceRow, type EnrolmentAuth } from './mfa.js';
import { markSecondFactor } from './stepUp.js';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.js';
import { lockUsers } from '../users/userLocks.js';

/** Unverified TOTP registrations kept per user; a newer one drops the oldest beyond them. */
export const MAX_PENDING_TOTP_REGISTRATIONS = 5;

/**
 * GET /users/mfa/register/totp: a new, unverified TOTP device. Earlier unverified ones stay (up to
 * `MAX_PENDING_TOTP_REGISTRATIONS` in all, the oldest dropped first), so that a GET — which a cookie carries from any
 * site — does not drop an enrolment in progress; verifying one drops the others.
 */
export async function startTotpRegistration(ctx: SandboxContext, auth: EnrolmentAuth): Promise<TotpRegistration> {
  const settings = await ctx.settings.get();
  assertMethodEnabled(settings, 'totp');
  const record = await loadUser(ctx.db, ctx.environmentId, auth.userId);
  if (!record) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
  const email = record.row.profile['email'];
  const account = typeof email === 'string' && email !== '' ? email : auth.userId;
  const secret = newTotpSecret();
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // Under the user's row lock: two registrations started at once count each other's, and keep the limit.
    await lockUsers(tx, auth.userId);
    await tx.query(
      `DELETE FROM mfa_devices WHERE id IN (SELECT id FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND type = 'totp' AND NOT verified
       ORDER BY created_at DESC, id DESC OFFSET $3)`,
      [ctx.environmentId, auth.userId, MAX_PENDING_TOTP_REGISTRATIONS - 1],
    );
    await tx.query(
      `INSERT INTO mfa_devices (id, environment_id, user_id, type, secret, created_at) VALUES ($1, $2, $3, 'totp', $4, $5)`,
      [id, ctx.environmentId, auth.userId, secret, ctx.now().toISOString()],
    );
  });
  return { id, secret, uri: otpauthUri({ secret, issuer: settings.general.displayName ?? 'Latchkey', account }) };
}

/**
 * POST /users/mfa/register/totp: the first code verifies the device (the other unverified ones are dropped); the first
 * device becomes the default. A session that verifies one has passed a second factor (see stepUp.ts): the kit then
 * fetches the first recovery codes with it.
 */
export async function verifyTotpRegistration(ctx: SandboxContext, auth: EnrolmentAuth, input: { id?: string | undefined; code: string }): Promise<MfaDevice> {
  assertMethodEnabled(await ctx.settings.get(), 'totp');
  return ctx.db.transaction(async (tx) => {
    await lockEnrolment(ctx, tx, auth);
    const rows = await tx.query<DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND type = 'totp' AND NOT verified
       AND ($3::text IS NULL OR id::text = $3) ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [ctx.environmentId, auth.userId, input.id ?? null],
    );
    const device = rows[0];
    if (!device?.secret) throw new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound, 'id');
    const now = ctx.now();
    const step = matchTotpStep(device.secret, input.code, now);
    if (step === undefined) throw new ApiError(400, 'mfa_invalid_code', mfaMessages.invalidCode, 'code');
    const hasDefault = (await verifiedDevices(ctx, tx, auth.userId)).some((row) => row.is_default);
    const updated = await tx.query<DeviceRow>(
      `UPDATE mfa_devices SET verified = true, verified_at = $2, is_default = $3, last_used_step = $4 WHERE id = $1 RETURNING ${DEVICE_COLUMNS}`,
      [device.id, now.toISOString(), !hasDefault, step],
    );
    await tx.query(`DELETE FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND type = 'totp' AND NOT verified`, [ctx.environmentId, auth.userId]);
    if (auth.session) await markSecondFactor(tx, auth.session.id, now);
    return toWireDevice(updated[0] as DeviceRow);
  });
}
