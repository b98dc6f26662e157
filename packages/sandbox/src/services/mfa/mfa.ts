import { createHash, randomBytes } from 'node:crypto';
import { loadAccessGate, type AccessGate } from '../wallets/accessList.js';
import type { MfaDevice, MfaUserMethods, ProjectSettings, SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { authenticate, type Auth } from '../session/authenticate.js';
import { consumeRateLimits } from '../rateLimits/rateLimits.js';
import { assertNotLastRequiredDevice, assertRecentSecondFactor, markSecondFactor, MFA_STEP_UP_WINDOW_MS } from './stepUp.js';
import { findSession, insertSession } from '../session/sessionRepository.js';
import { collectedClientAddress } from '../privacy/clientAddress.js';
import { pendingSignInUser, sessionExpiresAt, signInResponse, startSignInResponse, type PendingSignIn } from '../session/signInResponse.js';
import { matchTotpStep } from './totp.js';
import { assertUserMayAnswer, countWrongAnswer } from './wrongAnswers.js';
import { loadUser, toWireUser } from '../users/userRepository.js';
import { sometimesSweepExpired } from '../retention/sweepExpired.js';
import { lockUsers } from '../users/userLocks.js';

/** A pending second factor is good this long after the primary sign-in. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
/** The wrong code that reaches this count burns the challenge (sign in again). */
export const MAX_WRONG_MFA_CODES = 5;
/** What the sign-in response's `nextView` says while a second factor is pending. */
export const MFA_NEXT_VIEW = 'mfa-challenge';
/** …and when MFA is required and the user has no device yet: enrol one first (with the MFA token). */
export const MFA_ENROLMENT_NEXT_VIEW = 'mfa-enrolment';

export const mfaMessages = {
  invalidCode: 'Invalid code',
  deviceNotFound: 'MFA device not found.',
  badToken: 'The MFA token is invalid, expired or already used.',
  tooMany: 'Too many verification attempts. Sign in again.',
  disabled: 'Multi-factor authentication is not enabled for this environment.',
  methodDisabled: 'This second factor is not enabled for this environment.',
  alreadyEnrolled: 'A second factor is already set up: use it to finish signing in.',
} as const;

export interface DeviceRow {
  id: string;
  user_id: string;
  type: 'totp' | 'passkey';
  secret: string | null;
  alias: string | null;
  is_default: boolean;
  verified: boolean;
  last_used_step: string | number | null;
  created_at: Date;
  verified_at: Date | null;
}

export interface ChallengeRow {
  token_hash: string;
  user_id: string;
  new_user: boolean;
  status: 'pending' | 'used' | 'burnt';
  failed_attempts: number;
  expires_at: Date;
}

export const DEVICE_COLUMNS = 'id, user_id, type, secret, alias, is_default, verified, last_used_step, created_at, verified_at';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function toWireDevice(row: DeviceRow): MfaDevice {
  return {
    id: row.id,
    type: row.type,
    verified: row.verified,
    createdAt: row.created_at.toISOString(),
    verifiedAt: row.verified_at ? row.verified_at.toISOString() : null,
    default: row.is_default,
    alias: row.alias,
  };
}

export function assertMfaEnabled(settings: ProjectSettings): void {
  if (!settings.security.mfa?.enabled) throw new ApiError(400, 'provider_not_available', mfaMessages.disabled);
}

/** A second-factor type the method settings disable (`isEnabled: false`) cannot be enrolled: 400 `provider_not_available`. */
export function assertMethodEnabled(settings: ProjectSettings, type: 'totp' | 'passkey'): void {
  assertMfaEnabled(settings);
  if (settings.security.mfa?.methodSettings?.[type]?.isEnabled === false) throw new ApiError(400, 'provider_not_available', mfaMessages.methodDisabled);
}

export async function verifiedDevices(ctx: SandboxContext, q: Queryable, userId: string): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND verified ORDER BY is_default DESC, created_at ASC`,
    [ctx.environmentId, userId],
  );
}

/**
 * Ends a primary sign-in: a session and its token, or — when MFA is enabled and the user has a
 * verified device — an MFA token and `nextView: 'mfa-challenge'` with no session until the second
 * factor passes. When `security.mfa.required` and the user has no device: an MFA token and
 * `nextView: 'mfa-enrolment'` — the token enrols a device, then its first code opens the session.
 */
export async function completePrimarySignIn(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  userId: string,
  options: { newUser?: boolean; gate?: AccessGate } = {},
): Promise<SignInResponse> {
  return (await startPrimarySignIn(ctx, q, settings, userId, options)).response;
}

/** `completePrimarySignIn`, its response pending (see `startSignInResponse`): its reads and writes are done. */
export async function startPrimarySignIn(
  ctx: SandboxContext,
  q: Queryable,
  settings: ProjectSettings,
  userId: string,
  options: { newUser?: boolean; gate?: AccessGate } = {},
): Promise<PendingSignIn> {
  // Whatever the way in, the user behind it must have access (SPEC §6).
  await (options.gate ?? (await loadAccessGate(ctx, q))).assertUser(q, userId);
  const now = ctx.now();
  const mfa = settings.security.mfa;
  const hasDevice = mfa?.enabled ? (await verifiedDevices(ctx, q, userId)).length > 0 : false;
  if (mfa?.enabled && (hasDevice || mfa.required)) {
    const token = randomBytes(32).toString('base64url');
    const [, record] = await Promise.all([
      q.query(
        `INSERT INTO mfa_challenges (token_hash, environment_id, user_id, new_user, status, created_at, expires_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6)`,
        [hashToken(token), ctx.environmentId, userId, options.newUser ?? false, now.toISOString(), new Date(now.getTime() + MFA_CHALLENGE_TTL_MS).toISOString()],
      ),
      loadUser(q, ctx.environmentId, userId),
      sometimesSweepExpired(q, 'mfa_challenges', ctx),
    ]);
    if (!record) throw new Error(`User ${userId} vanished during sign-in.`);
    const response = { user: pendingSignInUser(toWireUser(record, settings, { newUser: options.newUser })), mfaToken: token, nextView: hasDevice ? MFA_NEXT_VIEW : MFA_ENROLMENT_NEXT_VIEW };
    return { response: Promise.resolve(response) };
  }
  // The session and the user read for the response go together.
  const session = insertSession(q, ctx, { userId, now, expiresAt: sessionExpiresAt(now, settings), ipAddress: collectedClientAddress(settings, ctx.clientAddress) });
  return startSignInResponse(ctx, q, settings, userId, session, { issuedAt: now, ...(options.newUser === undefined ? {} : { newUser: options.newUser }) });
}

/**
 * Who enrols a device: a session (its `session` is there), or the MFA token of a sign-in that must enrol first (the
 * user only). The enrolment routes' `auth` is one of the two.
 */
export type EnrolmentAuth = Pick<Auth, 'userId'> & Partial<Pick<Auth, 'session'>>;

/**
 * First in a registration's transaction: the user's row locked, so that one user's enrolments (and removals) take
 * turns, and the right to enrol checked again under it — route auth checked it before, unlocked, and two sessions of a
 * user with no device (the user's and a thief's) could each add one, the thief's then passing every step-up. A session
 * adds a device beside existing ones only after passing one recently (403 `mfa_invalid_request`); an MFA token enrols
 * only a user with none (403 `forbidden`).
 */
export async function lockEnrolment(ctx: SandboxContext, tx: Queryable, auth: EnrolmentAuth): Promise<void> {
  await lockUsers(tx, auth.userId);
  if (auth.session) {
    if ((await ctx.settings.get()).security.mfa?.enabled) await assertRecentSecondFactor(ctx, tx, { userId: auth.userId, session: auth.session });
  } else if ((await verifiedDevices(ctx, tx, auth.userId)).length > 0) {
    throw new ApiError(403, 'forbidden', mfaMessages.alreadyEnrolled);
  }
}

/** The pending challenge an MFA token stands for, locked; 401 `unauthorized` for anything else. */
export async function lockChallenge(ctx: SandboxContext, tx: Queryable, token: string | undefined): Promise<ChallengeRow> {
  if (!token) throw new ApiError(401, 'unauthorized', 'A bearer token is required.');
  const rows = await tx.query<ChallengeRow>(
    `SELECT token_hash, user_id, new_user, status, failed_attempts, expires_at FROM mfa_challenges WHERE environment_id = $1 AND token_hash = $2 FOR UPDATE`,
    [ctx.environmentId, hashToken(token)],
  );
  const row = rows[0];
  if (row?.status === 'burnt') throw new ApiError(429, 'too_many_verification_attempts', mfaMessages.tooMany);
  if (!row || row.status !== 'pending' || row.expires_at.getTime() <= ctx.now().getTime()) throw new ApiError(401, 'unauthorized', mfaMessages.badToken);
  return row;
}

/**
 * The enrolment routes' bearer for a sign-in that must enrol first: the MFA token of a pending
 * challenge, while `security.mfa.required` holds and the user has no verified device (a user with
 * one must pass it: 403 `forbidden`). Anything else: 401 `unauthorized`.
 */
export async function enrolmentAuth(ctx: SandboxContext, token: string | undefined): Promise<Pick<Auth, 'userId'>> {
  const settings = await ctx.settings.get();
  const challenge = await lockChallenge(ctx, ctx.db, token);
  if (!settings.security.mfa?.enabled || !settings.security.mfa.required) throw new ApiError(401, 'unauthorized', mfaMessages.badToken);
  if ((await verifiedDevices(ctx, ctx.db, challenge.user_id)).length > 0) throw new ApiError(403, 'forbidden', mfaMessages.alreadyEnrolled);
  return { userId: challenge.user_id };
}

/** The bearer of GET /users/mfa/methods when it is not a session: the MFA token of a pending challenge; 401 `unauthorized` otherwise. */
export async function pendingChallengeAuth(ctx: SandboxContext, token: string | undefined): Promise<Pick<Auth, 'userId'>> {
  const challenge = await lockChallenge(ctx, ctx.db, token);
  return { userId: challenge.user_id };
}

/**
 * GET /users/mfa/methods: the second factors the user has — each type of verified device once,
 * the default device's type first — and whether an unused recovery code is left.
 */
export async function getUserMfaMethods(ctx: SandboxContext, auth: Pick<Auth, 'userId'>): Promise<MfaUserMethods> {
  const devices = await verifiedDevices(ctx, ctx.db, auth.userId);
  const methods = [...new Set(devices.map((row) => row.type))];
  const codes = await ctx.db.query<{ unused: string }>(
    'SELECT count(*) AS unused FROM mfa_recovery_codes WHERE environment_id = $1 AND user_id = $2 AND used_at IS NULL',
    [ctx.environmentId, auth.userId],
  );
  return { methods, hasRecoveryCodes: Number(codes[0]?.unused ?? 0) > 0 };
}

type Outcome = { ok: true; response: SignInResponse } | { ok: false; error: ApiError };

/** What a second-factor check found: success, or an error that counts as a wrong attempt (or not). */
export type FactorCheck = { ok: true } | { ok: false; error: ApiError; countsAsAttempt?: boolean };

/**
 * Runs a second-factor check for the pending sign-in an MFA token stands for. Success spends the
 * token and opens the session; a wrong answer counts an attempt and the limit burns the token
 * (429 `too_many_verification_attempts`). The attempt count is committed before the error is sent.
 */
export async function consumeMfaChallenge(
  ctx: SandboxContext,
  mfaToken: string | undefined,
  check: (tx: Queryable, userId: string) => Promise<FactorCheck>,
): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  const session = await liveSession(ctx, mfaToken);
  if (session) return stepUp(ctx, settings, session, check);
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const challenge = await lockChallenge(ctx, tx, mfaToken);
    await assertUserMayAnswer(ctx, tx, challenge.user_id, mfaMessages.tooMany);
    const result = await check(tx, challenge.user_id);
    if (!result.ok) {
      if (result.countsAsAttempt === false) return result;
      await countWrongAnswer(ctx, tx, challenge.user_id);
      const failed = challenge.failed_attempts + 1;
      const burnt = failed >= MAX_WRONG_MFA_CODES;
      await tx.query('UPDATE mfa_challenges SET failed_attempts = $2, status = $3 WHERE token_hash = $1', [challenge.token_hash, failed, burnt ? 'burnt' : 'pending']);
      return { ok: false, error: burnt ? new ApiError(429, 'too_many_verification_attempts', mfaMessages.tooMany) : result.error };
    }
    const now = ctx.now();
    await tx.query(`UPDATE mfa_challenges SET status = 'used' WHERE token_hash = $1`, [challenge.token_hash]);
    const session = await insertSession(tx, ctx, {
      userId: challenge.user_id,
      now,
      expiresAt: sessionExpiresAt(now, settings),
      ipAddress: collectedClientAddress(settings, ctx.clientAddress),
    });
    // A session opened by its second factor has just passed one (see stepUp.ts).
    await markSecondFactor(tx, session.id, now);
    return { ok: true, response: await signInResponse(ctx, tx, settings, challenge.user_id, session, { issuedAt: now, newUser: challenge.new_user }) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}

/** The live session a bearer token stands for, or `undefined` (then it may be an MFA token). */
async function liveSession(ctx: SandboxContext, token: string | undefined): Promise<Auth | undefined> {
  if (!token) return undefined;
  try {
    return await authenticate(ctx, `Bearer ${token}`);
  } catch {
    return undefined;
  }
}

/** Step-up attempts per session: at most this many in `MFA_STEP_UP_WINDOW_MS`. */
export const MAX_STEP_UP_ATTEMPTS = 5;

/**
 * A second factor passed by a signed-in session (step-up): the session is marked, and answered with a fresh token.
 * Attempts are counted per session (429 `too_many_verification_attempts` beyond `MAX_STEP_UP_ATTEMPTS`).
 */
async function stepUp(ctx: SandboxContext, settings: ProjectSettings, auth: Auth, check: (tx: Queryable, userId: string) => Promise<FactorCheck>): Promise<SignInResponse> {
  await ctx.db.transaction((tx) =>
    consumeRateLimits(ctx, tx, [
      {
        bucket: 'mfa:step-up',
        key: auth.session.id,
        window: { limit: MAX_STEP_UP_ATTEMPTS, windowSeconds: MFA_STEP_UP_WINDOW_MS / 1000 },
        refuse: () => new ApiError(429, 'too_many_verification_attempts', mfaMessages.tooMany),
      },
    ]),
  );
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await assertUserMayAnswer(ctx, tx, auth.userId, mfaMessages.tooMany);
    const result = await check(tx, auth.userId);
    if (!result.ok) return result.countsAsAttempt === false ? result : countWrongAnswer(ctx, tx, auth.userId).then(() => result);
    const now = ctx.now();
    await markSecondFactor(tx, auth.session.id, now);
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return { ok: true, response: await signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now }) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}

/** The user an MFA route's bearer stands for: a live session's (step-up), else a pending challenge's (401 otherwise). */
export async function userOfMfaBearer(ctx: SandboxContext, q: Queryable, token: string | undefined): Promise<string> {
  const session = await liveSession(ctx, token);
  return session ? session.userId : (await lockChallenge(ctx, q, token)).user_id;
}

/**
 * POST /users/mfa/auth/totp with the MFA token as bearer: a right code of the user's device (the
 * default unless `id` names one) opens the session; a wrong one counts an attempt and the limit
 * burns the token. A code is good once (its step is remembered).
 */
export function authenticateTotp(ctx: SandboxContext, mfaToken: string | undefined, input: { id?: string | undefined; code: string }): Promise<SignInResponse> {
  return consumeMfaChallenge(ctx, mfaToken, async (tx, userId) => {
    const devices = (await verifiedDevices(ctx, tx, userId)).filter((row) => row.type === 'totp');
    const device = input.id ? devices.find((row) => row.id === input.id) : (devices.find((row) => row.is_default) ?? devices[0]);
    if (!device?.secret) return { ok: false, error: new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound, 'id'), countsAsAttempt: false };
    const step = matchTotpStep(device.secret, input.code, ctx.now());
    const lastUsed = device.last_used_step === null ? -1 : Number(device.last_used_step);
    if (step === undefined || step <= lastUsed) return { ok: false, error: new ApiError(400, 'mfa_invalid_code', mfaMessages.invalidCode, 'code') };
    // Conditional, so that two requests with the same code at once cannot both pass (PostgreSQL re-checks the
    // condition after the first one's row lock).
    const moved = await tx.query('UPDATE mfa_devices SET last_used_step = $2 WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING id', [device.id, step]);
    if (moved.length === 0) return { ok: false, error: new ApiError(400, 'mfa_invalid_code', mfaMessages.invalidCode, 'code') };
    return { ok: true };
  });
}

/** GET /users/mfa: the user's verified devices, the default first. */
export async function listMfaDevices(ctx: SandboxContext, auth: Auth): Promise<{ count: number; devices: MfaDevice[] }> {
  const rows = await verifiedDevices(ctx, ctx.db, auth.userId);
  return { count: rows.length, devices: rows.map(toWireDevice) };
}

async function findDevice(ctx: SandboxContext, q: Queryable, userId: string, deviceId: string, lock = false): Promise<DeviceRow> {
  const rows = await q.query<DeviceRow>(
    `SELECT ${DEVICE_COLUMNS} FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND id::text = $3 AND verified${lock ? ' FOR UPDATE' : ''}`,
    [ctx.environmentId, userId, deviceId],
  );
  if (!rows[0]) throw new ApiError(404, 'mfa_device_not_found', mfaMessages.deviceNotFound, 'mfaDeviceId');
  return rows[0];
}

/** GET /users/mfa/{mfaDeviceId}: one of the user's verified devices. */
export async function getMfaDevice(ctx: SandboxContext, auth: Auth, deviceId: string): Promise<MfaDevice> {
  return toWireDevice(await findDevice(ctx, ctx.db, auth.userId, deviceId));
}

/** PUT /users/mfa/{mfaDeviceId}: renames a device and/or makes it the default (the previous default stops being one). */
export async function updateMfaDevice(
  ctx: SandboxContext,
  auth: Auth,
  deviceId: string,
  input: { alias?: string | undefined; default?: true | undefined },
): Promise<MfaDevice> {
  return ctx.db.transaction(async (tx) => {
    const device = await findDevice(ctx, tx, auth.userId, deviceId, true);
    if (input.default) {
      await tx.query('UPDATE mfa_devices SET is_default = false WHERE environment_id = $1 AND user_id = $2 AND id <> $3', [ctx.environmentId, auth.userId, device.id]);
    }
    const rows = await tx.query<DeviceRow>(
      `UPDATE mfa_devices SET alias = coalesce($2, alias), is_default = is_default OR $3 WHERE id = $1 RETURNING ${DEVICE_COLUMNS}`,
      [device.id, input.alias?.trim() ?? null, input.default === true],
    );
    return toWireDevice(rows[0] as DeviceRow);
  });
}

/**
 * DELETE /users/mfa/{mfaDeviceId}: 404 `mfa_device_not_found` for a device that is not the user's; 403
 * `mfa_invalid_request` without a recent second factor (step-up); with `security.mfa.required`, the last device stays.
 * Removing the last verified device removes the recovery codes too.
 */
export async function deleteMfaDevice(ctx: SandboxContext, auth: Auth, deviceId: string): Promise<{ ok: true }> {
  const settings = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    await lockUsers(tx, auth.userId);
    const device = await findDevice(ctx, tx, auth.userId, deviceId, true);
    await assertRecentSecondFactor(ctx, tx, auth);
    assertNotLastRequiredDevice(settings, (await verifiedDevices(ctx, tx, auth.userId)).length - 1);
    await tx.query('DELETE FROM mfa_devices WHERE id = $1', [device.id]);
    // The last device takes its recovery codes with it: left behind, a set the user may have lost or thrown away would
    // come back as a second factor beside the next device, which would be given no set of its own.
    if ((await verifiedDevices(ctx, tx, auth.userId)).length === 0) {
      await tx.query('DELETE FROM mfa_recovery_codes WHERE environment_id = $1 AND user_id = $2', [ctx.environmentId, auth.userId]);
      await tx.query('UPDATE users SET mfa_backup_code_acknowledgement = NULL WHERE environment_id = $1 AND id = $2', [ctx.environmentId, auth.userId]);
    }
    return { ok: true };
  });
}
