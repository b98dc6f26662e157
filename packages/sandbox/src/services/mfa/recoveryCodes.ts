import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { RecoveryCodes, SignInResponse, User } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { assertRecentSecondFactor } from './stepUp.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { consumeMfaChallenge, mfaMessages, verifiedDevices } from './mfa.js';
import { loadUser, toWireUser } from '../users/userRepository.js';
import { lockUsers } from '../users/userLocks.js';

/** Codes per set. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let raw = '';
  for (let i = 0; i < 8; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** `7KQ2M9XD`, ` 7kq2-m9xd ` → `7kq2-m9xd`. */
export function normalizeRecoveryCode(code: string): string {
  const raw = code.trim().toLowerCase().replace(/-/g, '');
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

const hashCode = (userId: string, code: string) => createHash('sha256').update(`${userId}:${normalizeRecoveryCode(code)}`).digest('hex');

function assertMfaEnabled(settings: { security: { mfa?: { enabled: boolean } | undefined } }): void {
  if (!settings.security.mfa?.enabled) throw new ApiError(400, 'provider_not_available', mfaMessages.disabled);
}

async function replaceCodes(ctx: SandboxContext, q: Queryable, userId: string): Promise<string[]> {
  await q.query('DELETE FROM mfa_recovery_codes WHERE environment_id = $1 AND user_id = $2', [ctx.environmentId, userId]);
  // A new set has not been saved yet: the user's acknowledgement starts over.
  await q.query(`UPDATE users SET mfa_backup_code_acknowledgement = 'pending' WHERE environment_id = $1 AND id = $2`, [ctx.environmentId, userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  for (const code of codes) {
    await q.query(
      'INSERT INTO mfa_recovery_codes (id, environment_id, user_id, code_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
      [randomUUID(), ctx.environmentId, userId, hashCode(userId, code), ctx.now().toISOString()],
    );
  }
  return codes;
}

/**
 * Recovery codes come with a verified device (404 `mfa_device_not_found` without one): a user without one has no
 * second factor to recover, and a set made for them — by a cookie sent with a cross-site GET, say — would be codes
 * nobody saw.
 */
async function assertVerifiedDevice(ctx: SandboxContext, q: Queryable, userId: string): Promise<void> {
  if ((await verifiedDevices(ctx, q, userId)).length === 0) throw new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound);
}

/**
 * GET /users/mfa/recovery: the first call generates the set and shows it — the only time the codes
 * are shown (they are stored hashed); later calls say how many are left, with no codes. The first call needs a
 * verified device (404 `mfa_device_not_found`) and a second factor passed by this session in the last 5 minutes
 * (403 `mfa_invalid_request`): the session that has just verified the device has passed one. A GET the session cookie
 * rode on from another page (`cookieRequestFromAnotherPage`) makes none: 403 `forbidden`.
 */
export async function getRecoveryCodes(ctx: SandboxContext, auth: Auth, request: { fromAnotherPage?: boolean } = {}): Promise<RecoveryCodes> {
  assertMfaEnabled(await ctx.settings.get());
  return ctx.db.transaction(async (tx) => {
    // One set per user even when two first calls race: lock the user row.
    await lockUsers(tx, auth.userId);
    const rows = await tx.query<{ total: string; unused: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE used_at IS NULL) AS unused FROM mfa_recovery_codes WHERE environment_id = $1 AND user_id = $2`,
      [ctx.environmentId, auth.userId],
    );
    const total = Number(rows[0]?.total ?? 0);
    if (total > 0) return { count: Number(rows[0]?.unused ?? 0), recoveryCodes: [] };
    await assertVerifiedDevice(ctx, tx, auth.userId);
    // The codes are second factors too (each passes a step-up): shown only to a session that has passed one — not to
    // another session of the user that finds a device it never proved, however new the device.
    await assertRecentSecondFactor(ctx, tx, auth);
    // Shown once, so only to the kit: not to a link or an image the session cookie rode on (the answer would go to
    // nobody, and the user would get only a count).
    if (request.fromAnotherPage) throw new ApiError(403, 'forbidden', messages.foreignOrigin);
    const codes = await replaceCodes(ctx, tx, auth.userId);
    return { count: codes.length, recoveryCodes: codes };
  });
}

/**
 * POST /users/mfa/recovery: a new set (the old codes stop working), shown once; needs a verified device (404
 * `mfa_device_not_found`) and a recent second factor (403 `mfa_invalid_request`).
 */
export async function regenerateRecoveryCodes(ctx: SandboxContext, auth: Auth): Promise<RecoveryCodes> {
  assertMfaEnabled(await ctx.settings.get());
  // The old codes stop working: that removes a second factor, so it needs a recent one (step-up).
  const codes = await ctx.db.transaction(async (tx) => {
    // One set per user even when regenerations race (two sets would both work): lock the user row.
    await lockUsers(tx, auth.userId);
    await assertVerifiedDevice(ctx, tx, auth.userId);
    await assertRecentSecondFactor(ctx, tx, auth);
    return replaceCodes(ctx, tx, auth.userId);
  });
  return { count: codes.length, recoveryCodes: codes };
}

/** POST /users/mfa/auth/recovery with the MFA token as bearer: an unused recovery code finishes the sign-in, once. */
export function authenticateRecoveryCode(ctx: SandboxContext, mfaToken: string | undefined, input: { code: string }): Promise<SignInResponse> {
  return consumeMfaChallenge(ctx, mfaToken, async (tx, userId) => {
    const rows = await tx.query<{ id: string }>(
      `UPDATE mfa_recovery_codes SET used_at = $4 WHERE environment_id = $1 AND user_id = $2 AND code_hash = $3 AND used_at IS NULL RETURNING id`,
      [ctx.environmentId, userId, hashCode(userId, input.code), ctx.now().toISOString()],
    );
    return rows.length > 0 ? { ok: true } : { ok: false, error: new ApiError(400, 'mfa_invalid_code', mfaMessages.invalidCode, 'code') };
  });
}

export const recoveryMessages = {
  nothingToAcknowledge: 'There are no recovery codes to acknowledge.',
} as const;

/**
 * POST /users/mfa/recovery/acknowledge: the user saved the codes shown to them, recorded as
 * `mfaBackupCodeAcknowledgement: 'complete'` on the user. Without a set of codes: 400
 * `mfa_invalid_request` and nothing changes.
 */
export async function acknowledgeRecoveryCodes(ctx: SandboxContext, auth: Auth): Promise<{ user: User }> {
  const settings = await ctx.settings.get();
  assertMfaEnabled(settings);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `UPDATE users SET mfa_backup_code_acknowledgement = 'complete'
       WHERE environment_id = $1 AND id = $2 AND EXISTS (SELECT 1 FROM mfa_recovery_codes WHERE environment_id = $1 AND user_id = $2)
       RETURNING id`,
      [ctx.environmentId, auth.userId],
    );
    if (!rows[0]) throw new ApiError(400, 'mfa_invalid_request', recoveryMessages.nothingToAcknowledge);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (!record) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
    return { user: toWireUser(record, settings, { sessionId: auth.session.id }) };
  });
}
