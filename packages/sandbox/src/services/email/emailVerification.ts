import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { emailSchema, type ProjectSettings, type SignInResponse } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError, messages } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { deliver } from '../inbox/inbox.js';
import { findSession } from '../session/sessionRepository.js';
import { signInResponse } from '../session/signInResponse.js';
import { signInWithEmail } from '../signIn/signInWithCredential.js';
import { findCredential, insertCredential, loadUser, markSignIn, saveUserData } from '../users/userRepository.js';

/** A code is valid this long after it was (re)sent. */
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** The wrong code that reaches this count burns the verification. */
export const MAX_WRONG_EMAIL_CODES = 3;
/** One verification may be sent at most this many times (the create plus retries). */
export const MAX_EMAIL_SENDS = 5;

interface VerificationRow {
  id: string;
  email: string;
  code_hash: string;
  status: 'pending' | 'used' | 'burnt';
  failed_attempts: number;
  sends: number;
  expires_at: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 400 `invalid_email_address` for a malformed address or a blocked sub-address (`a+b@x`). */
export function assertEmailAccepted(settings: ProjectSettings, email: string, path = 'email'): void {
  if (!emailSchema.safeParse(email).success) throw new ApiError(400, 'invalid_email_address', 'Invalid email address.', path);
  const local = email.slice(0, email.lastIndexOf('@'));
  if (settings.sdk.blockEmailSubaddresses && local.includes('+')) {
    throw new ApiError(400, 'invalid_email_address', 'Email subaddresses are not allowed.', path);
  }
}

function assertEmailSignInEnabled(settings: ProjectSettings): void {
  if (!settings.sdk.emailSignIn) throw new ApiError(400, 'no_enabled_email_provider', 'Email sign-in is not enabled for this environment.');
}

function hashCode(verificationId: string, code: string): string {
  return createHash('sha256').update(`${verificationId}:${code}`).digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

async function sendCode(ctx: SandboxContext, q: Queryable, settings: ProjectSettings, email: string, code: string): Promise<void> {
  const app = settings.general.displayName ?? 'Latchkey';
  await deliver(q, ctx.environmentId, {
    channel: 'email',
    to: email,
    subject: `${code} is your ${app} sign-in code`,
    text: `Your ${app} verification code is ${code}. It expires in ${EMAIL_CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this e-mail.`,
    code,
    now: ctx.now(),
  });
}

/** POST /emailVerifications/create: a new verification, its code sent to the inbox. */
export async function createEmailVerification(ctx: SandboxContext, input: { email: string }): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  assertEmailSignInEnabled(settings);
  const email = normalizeEmail(input.email);
  assertEmailAccepted(settings, email);
  const id = randomUUID();
  const code = newCode();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO email_verifications (id, environment_id, email, code_hash, status, created_at, expires_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6)`,
      [id, ctx.environmentId, email, hashCode(id, code), now.toISOString(), new Date(now.getTime() + EMAIL_CODE_TTL_MS).toISOString()],
    );
    await sendCode(ctx, tx, settings, email, code);
  });
  return { verificationUUID: id };
}

async function lockVerification(ctx: SandboxContext, q: Queryable, id: string): Promise<VerificationRow | undefined> {
  const rows = await q.query<VerificationRow>(
    `SELECT id, email, code_hash, status, failed_attempts, sends, expires_at FROM email_verifications
     WHERE environment_id = $1 AND id = $2 FOR UPDATE`,
    [ctx.environmentId, id],
  );
  return rows[0];
}

/** POST /emailVerifications/retry: a new code for the same verification (the old one stops working). */
export async function retryEmailVerification(
  ctx: SandboxContext,
  input: { verificationUUID: string; email: string },
): Promise<{ verificationUUID: string }> {
  const settings = await ctx.settings.get();
  assertEmailSignInEnabled(settings);
  const email = normalizeEmail(input.email);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockVerification(ctx, tx, input.verificationUUID);
    if (!row || row.email !== email || row.status === 'used') throw new ApiError(400, 'invalid_email_verification', messages.invalidVerification);
    if (row.status === 'burnt') throw new ApiError(429, 'too_many_email_verification_attempts', messages.tooManyAttempts);
    if (row.sends >= MAX_EMAIL_SENDS) throw new ApiError(429, 'too_many_requests', messages.rateLimit);
    const code = newCode();
    await tx.query(
      'UPDATE email_verifications SET code_hash = $2, expires_at = $3, failed_attempts = 0, sends = sends + 1 WHERE id = $1',
      [row.id, hashCode(row.id, code), new Date(now.getTime() + EMAIL_CODE_TTL_MS).toISOString()],
    );
    await sendCode(ctx, tx, settings, email, code);
  });
  return { verificationUUID: input.verificationUUID };
}

type CodeCheck = { ok: true; email: string } | { ok: false; error: ApiError };

/**
 * Checks a code inside the caller's transaction. A right code marks the verification used; a
 * wrong one counts an attempt (and burns it at the limit). Failures are returned, not thrown,
 * so the caller commits the attempt count before reporting the error.
 */
async function consumeCode(ctx: SandboxContext, tx: Queryable, input: { verificationUUID: string; verificationToken: string }): Promise<CodeCheck> {
  const row = await lockVerification(ctx, tx, input.verificationUUID);
  const invalid = { ok: false as const, error: new ApiError(400, 'invalid_email_verification', messages.invalidVerification) };
  const tooMany = { ok: false as const, error: new ApiError(429, 'too_many_email_verification_attempts', messages.tooManyAttempts) };
  if (!row) return invalid;
  if (row.status === 'burnt') return tooMany;
  if (row.status === 'used' || row.expires_at.getTime() <= ctx.now().getTime()) return invalid;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.id, input.verificationToken.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const failed = row.failed_attempts + 1;
    const burnt = failed >= MAX_WRONG_EMAIL_CODES;
    await tx.query('UPDATE email_verifications SET failed_attempts = $2, status = $3 WHERE id = $1', [row.id, failed, burnt ? 'burnt' : 'pending']);
    return burnt ? tooMany : { ok: false, error: new ApiError(400, 'wrong_email_verification_token', messages.wrongCode, 'verificationToken') };
  }
  await tx.query(`UPDATE email_verifications SET status = 'used', used_at = $2 WHERE id = $1`, [row.id, ctx.now().toISOString()]);
  return { ok: true, email: row.email };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

async function withCode<T>(
  ctx: SandboxContext,
  input: { verificationUUID: string; verificationToken: string },
  then: (tx: Queryable, email: string) => Promise<T>,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<T>> => {
    const check = await consumeCode(ctx, tx, input);
    return check.ok ? { ok: true, value: await then(tx, check.email) } : check;
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** POST /emailVerifications/signin: the code signs the e-mail's owner in (creating them if new). */
export async function signInWithEmailVerification(
  ctx: SandboxContext,
  input: { verificationUUID: string; verificationToken: string },
): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  assertEmailSignInEnabled(settings);
  return withCode(ctx, input, (tx, email) => signInWithEmail(ctx, tx, settings, email));
}

/** POST /emailVerifications/verify (bearer): the code adds the e-mail to the signed-in user. */
export async function verifyEmailForUser(
  ctx: SandboxContext,
  auth: Auth,
  input: { verificationUUID: string; verificationToken: string },
): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  return withCode(ctx, input, async (tx, email) => {
    const now = ctx.now();
    let credential = await findCredential(tx, ctx.environmentId, 'email', email);
    if (credential && credential.user_id !== auth.userId) {
      // Thrown inside the transaction: the code is not consumed, nothing changes.
      throw new ApiError(400, 'user_has_already_account_with_email', 'Another user already has an account with this email.', 'email');
    }
    // Another user's profile names the address (set through PUT /users, never verified): it is theirs.
    const claimed = await tx.query(
      `SELECT 1 FROM users WHERE environment_id = $1 AND id <> $2 AND lower(profile->>'email') = $3 LIMIT 1`,
      [ctx.environmentId, auth.userId, email],
    );
    if (claimed.length > 0) throw new ApiError(400, 'email_already_exists', messages.emailExists, 'email');
    credential ??= await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: 'email', identifier: email, now });
    await markSignIn(tx, auth.userId, credential.id, now);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (record && !record.row.profile['email']) await saveUserData(tx, auth.userId, { ...record.row.profile, email }, record.row.metadata);
    const session = (await findSession(tx, ctx.environmentId, auth.session.id)) ?? auth.session;
    return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
  });
}
