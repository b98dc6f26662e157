import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProjectSettings, SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { deliver } from '../inbox/inbox.js';
import { checkPhone, smsProvider, type CheckedPhone } from './phoneNumber.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { signInWithCredential } from '../signIn/signInWithCredential.js';
import { findCredential, insertCredential, loadUser, markSignIn, saveUserData } from '../users/userRepository.js';

/** A code is valid this long after it was (re)sent. */
export const SMS_CODE_TTL_MS = 10 * 60_000;
/** The wrong code that reaches this count burns the verification. */
export const MAX_WRONG_SMS_CODES = 3;
/** One verification may be sent at most this many times (the create plus retries). */
export const MAX_SMS_SENDS = 5;
/** Credential format of a verified phone number (SPEC §3 credential kinds). */
export const PHONE_CREDENTIAL = 'phoneNumber';

export const smsMessages = {
  tooManyAttempts: 'Too many SMS verification attempts.',
  phoneTaken: 'Another account already uses this phone number.',
} as const;

interface VerificationRow {
  id: string;
  phone_e164: string;
  iso_country_code: string;
  code_hash: string;
  status: 'pending' | 'used' | 'burnt';
  failed_attempts: number;
  sends: number;
  expires_at: Date;
}

function hashCode(verificationId: string, code: string): string {
  return createHash('sha256').update(`sms:${verificationId}:${code}`).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

async function sendCode(ctx: SandboxContext, q: Queryable, settings: ProjectSettings, phone: string, code: string): Promise<void> {
  const app = settings.general.displayName ?? 'Latchkey';
  await deliver(q, ctx.environmentId, {
    channel: 'sms',
    to: phone,
    subject: `SMS from ${app}`,
    text: `${code} is your ${app} verification code. It expires in ${SMS_CODE_TTL_MS / 60_000} minutes.`,
    code,
    now: ctx.now(),
  });
}

const tooMany = () => new ApiError(429, 'too_many_sms_verification_attempts', smsMessages.tooManyAttempts);
const invalid = () => new ApiError(400, 'invalid_sms_verification', messages.invalidVerification);

/** POST /smsVerifications/create: a new verification, its code sent by "SMS" to the inbox. */
export async function createSmsVerification(
  ctx: SandboxContext,
  input: { phoneCountryCode: string; phoneNumber: string; isoCountryCode: string },
): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  const phone = checkPhone(settings, input);
  const id = randomUUID();
  const code = newCode();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sms_verifications (id, environment_id, phone_e164, iso_country_code, code_hash, status, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)`,
      [id, ctx.environmentId, phone.e164, phone.isoCountryCode, hashCode(id, code), now.toISOString(), new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString()],
    );
    await sendCode(ctx, tx, settings, phone.e164, code);
  });
  return { verificationUUID: id };
}

async function lockVerification(ctx: SandboxContext, q: Queryable, id: string): Promise<VerificationRow | undefined> {
  const rows = await q.query<VerificationRow>(
    `SELECT id, phone_e164, iso_country_code, code_hash, status, failed_attempts, sends, expires_at FROM sms_verifications
     WHERE environment_id = $1 AND id = $2 FOR UPDATE`,
    [ctx.environmentId, id],
  );
  return rows[0];
}

/** POST /smsVerifications/retry: a new code for the same verification and number (the old one stops working). */
export async function retrySmsVerification(
  ctx: SandboxContext,
  input: { verificationUUID: string; phoneCountryCode: string; phoneNumber: string; isoCountryCode: string },
): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  const phone: CheckedPhone = checkPhone(settings, input);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockVerification(ctx, tx, input.verificationUUID);
    if (!row || row.phone_e164 !== phone.e164 || row.status === 'used') throw invalid();
    if (row.status === 'burnt') throw tooMany();
    if (row.sends >= MAX_SMS_SENDS) throw new ApiError(429, 'too_many_requests', messages.rateLimit);
    const code = newCode();
    await tx.query(
      'UPDATE sms_verifications SET code_hash = $2, expires_at = $3, failed_attempts = 0, sends = sends + 1 WHERE id = $1',
      [row.id, hashCode(row.id, code), new Date(now.getTime() + SMS_CODE_TTL_MS).toISOString()],
    );
    await sendCode(ctx, tx, settings, phone.e164, code);
  });
  return { verificationUUID: input.verificationUUID };
}

type CodeCheck = { ok: true; phone: string } | { ok: false; error: ApiError };

/** As the e-mail flow: a right code marks the verification used; a wrong one counts (and burns at the limit). */
async function consumeCode(ctx: SandboxContext, tx: Queryable, input: { verificationUUID: string; verificationToken: string }): Promise<CodeCheck> {
  const row = await lockVerification(ctx, tx, input.verificationUUID);
  if (!row) return { ok: false, error: invalid() };
  if (row.status === 'burnt') return { ok: false, error: tooMany() };
  if (row.status === 'used' || row.expires_at.getTime() <= ctx.now().getTime()) return { ok: false, error: invalid() };
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.id, input.verificationToken.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const failed = row.failed_attempts + 1;
    const burnt = failed >= MAX_WRONG_SMS_CODES;
    await tx.query('UPDATE sms_verifications SET failed_attempts = $2, status = $3 WHERE id = $1', [row.id, failed, burnt ? 'burnt' : 'pending']);
    return burnt
      ? { ok: false, error: tooMany() }
      : { ok: false, error: new ApiError(400, 'wrong_sms_verification_token', messages.wrongCode, 'verificationToken') };
  }
  await tx.query(`UPDATE sms_verifications SET status = 'used', used_at = $2 WHERE id = $1`, [row.id, ctx.now().toISOString()]);
  return { ok: true, phone: row.phone_e164 };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

async function withCode<T>(
  ctx: SandboxContext,
  input: { verificationUUID: string; verificationToken: string },
  then: (tx: Queryable, phone: string) => Promise<T>,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<T>> => {
    const check = await consumeCode(ctx, tx, input);
    return check.ok ? { ok: true, value: await then(tx, check.phone) } : check;
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** POST /smsVerifications/signin: the code signs the number's owner in (creating them if new). */
export async function signInWithSmsVerification(
  ctx: SandboxContext,
  input: { verificationUUID: string; verificationToken: string },
): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  smsProvider(settings);
  return withCode(ctx, input, (tx, phone) => signInWithCredential(ctx, tx, settings, PHONE_CREDENTIAL, phone, { phoneNumber: phone }));
}

/** POST /smsVerifications/verify (bearer): the code adds the phone number to the signed-in user. */
export async function verifyPhoneForUser(
  ctx: SandboxContext,
  auth: Auth,
  input: { verificationUUID: string; verificationToken: string },
): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  smsProvider(settings);
  return withCode(ctx, input, async (tx, phone) => {
    const now = ctx.now();
    let credential = await findCredential(tx, ctx.environmentId, PHONE_CREDENTIAL, phone);
    if (credential && credential.user_id !== auth.userId) {
      // Thrown inside the transaction: the code is not consumed, nothing changes.
      throw new ApiError(400, 'user_has_already_account_with_phone_number', smsMessages.phoneTaken, 'phoneNumber');
    }
    credential ??= await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: PHONE_CREDENTIAL, identifier: phone, now });
    await markSignIn(tx, auth.userId, credential.id, now);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (record && !record.row.profile['phoneNumber']) await saveUserData(tx, auth.userId, { ...record.row.profile, phoneNumber: phone }, record.row.metadata);
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}
