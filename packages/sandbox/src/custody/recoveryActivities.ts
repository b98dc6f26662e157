import { createHash, randomInt, randomUUID } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { sealBundle } from './bundle.js';
import type { CustodyContext, Principal } from './CustodyContext.js';
import { CommittedCustodyError, CustodyError, custodyMessages } from './CustodyError.js';
import { usersOf } from './custodyStore.js';
import { expirationSecondsSchema, insertApiKey, keyMaker } from './entities.js';
import { submitHandler, targetPublicKeySchema, type SubmitHandler } from './SubmitHandler.js';

/** The recovery code (its key) counts only if used within this long of its creation (SPEC §9). */
export const RECOVERY_CODE_LIFETIME_SECONDS = 900;
/** The recovery session's default lifetime (SPEC §9). */
export const RECOVERY_SESSION_SECONDS = 1800;
const OTP_ATTEMPTS = 3;
/**
 * One-time codes one user may be sent within a code's lifetime (`init_otp_auth`), whoever asks. Each takes
 * `OTP_ATTEMPTS` guesses, so a caller without the mailbox guesses a six-digit code at most 15 times in 15 minutes,
 * instead of as often as it asks for new codes (and the user's inbox is not flooded).
 */
export const OTP_CODES_PER_WINDOW = 5;

async function findUserByEmail(q: Queryable, organizationId: string, email: string) {
  const user = (await usersOf(q, organizationId)).find((row) => row.user_email === email.toLowerCase());
  if (!user) throw new CustodyError(5, 'no user with this email in the organization');
  return user;
}

/**
 * The recovery key for `userId`, sealed to the caller's target key. Asked for by one of the user's own api keys (a
 * session key), it is that key's like any other it adds (`keyMaker`): no longer-lived than it, and gone with it.
 */
async function issueCredential(
  ctx: CustodyContext,
  q: Queryable,
  principal: Principal,
  userId: string,
  input: { targetPublicKey: string; apiKeyName?: string | undefined; expirationSeconds?: string | number | undefined },
) {
  const privateKey = p256.utils.randomSecretKey();
  // The key is created when its request was made (see insertApiKey); its first-use deadline counts from then too.
  const now = ctx.submittedAt ?? ctx.now();
  const expirationSeconds = input.expirationSeconds ?? RECOVERY_SESSION_SECONDS;
  const addedBy = await keyMaker(q, principal, [expirationSeconds]);
  const apiKeyId = await insertApiKey(
    ctx,
    q,
    principal.organizationId,
    userId,
    { apiKeyName: input.apiKeyName ?? `recovery-${now.getTime()}`, publicKey: Buffer.from(p256.getPublicKey(privateKey, true)).toString('hex'), expirationSeconds },
    { useBefore: new Date(now.getTime() + RECOVERY_CODE_LIFETIME_SECONDS * 1000), ...(addedBy ? { addedBy } : {}) },
  );
  const credentialBundle = await sealBundle({
    targetPublicKey: input.targetPublicKey,
    plaintext: privateKey,
    organizationId: principal.organizationId,
    createdAt: now,
    enclavePrivateKey: ctx.secrets.enclavePrivateKey,
  });
  return { apiKeyId, credentialBundle };
}

/** Submits of e-mail recovery: a credential bundle by e-mail, or a one-time code exchanged for one. */
export const recoveryActivities: Readonly<Record<string, SubmitHandler>> = {
  email_auth: submitHandler({
    type: 'EMAIL_AUTH',
    resultKey: 'emailAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({
      email: z.string().email(),
      targetPublicKey: targetPublicKeySchema,
      apiKeyName: z.string().min(1).optional(),
      expirationSeconds: expirationSecondsSchema.optional(),
      emailCustomization: z.record(z.string(), z.unknown()).optional(),
      invalidateExisting: z.boolean().optional(),
    }),
    async run(ctx, q, principal, p) {
      const user = await findUserByEmail(q, principal.organizationId, p.email);
      if (p.invalidateExisting) await q.query('DELETE FROM custody_api_keys WHERE user_id = $1 AND use_before IS NOT NULL', [user.id]);
      const { apiKeyId, credentialBundle } = await issueCredential(ctx, q, principal, user.id, p);
      const code = Buffer.from(credentialBundle).toString('base64url');
      await ctx.sendEmail(q, {
        to: p.email,
        subject: 'Your wallet recovery code',
        text: `Paste this code to recover your wallet. It works once, within ${RECOVERY_CODE_LIFETIME_SECONDS / 60} minutes:\n\n${code}`,
        code,
      });
      return { userId: user.id, apiKeyId };
    },
  }),
  init_otp_auth: submitHandler({
    type: 'INIT_OTP_AUTH',
    resultKey: 'initOtpAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({ otpType: z.literal('OTP_TYPE_EMAIL', { message: 'only OTP_TYPE_EMAIL is emulated' }), contact: z.string().email() }),
    async run(ctx, q, principal, p) {
      const user = await findUserByEmail(q, principal.organizationId, p.contact);
      const now = ctx.now();
      // Counted under a lock on the user's row, so that concurrent requests cannot each take the last code.
      await q.query('SELECT id FROM custody_users WHERE id = $1 FOR UPDATE', [user.id]);
      const [sent] = await q.query<{ count: number }>('SELECT count(*)::int AS count FROM custody_otps WHERE user_id = $1 AND created_at > $2', [
        user.id,
        new Date(now.getTime() - RECOVERY_CODE_LIFETIME_SECONDS * 1000).toISOString(),
      ]);
      if ((sent?.count ?? 0) >= OTP_CODES_PER_WINDOW) throw new CustodyError(8, custodyMessages.tooManyOtps.replace('{count}', String(OTP_CODES_PER_WINDOW)));
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const otpId = randomUUID();
      await q.query('INSERT INTO custody_otps (id, organization_id, user_id, contact, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        otpId,
        principal.organizationId,
        user.id,
        p.contact.toLowerCase(),
        createHash('sha256').update(code).digest('hex'),
        now.toISOString(),
        new Date(now.getTime() + RECOVERY_CODE_LIFETIME_SECONDS * 1000).toISOString(),
      ]);
      await ctx.sendEmail(q, { to: p.contact, subject: 'Your wallet recovery code', text: `Your recovery code is ${code}.`, code });
      return { otpId };
    },
  }),
  otp_auth: submitHandler({
    type: 'OTP_AUTH',
    resultKey: 'otpAuthResult',
    parentMayUse: true,
    consensus: false,
    parameters: z.object({
      otpId: z.string().min(1),
      otpCode: z.string().min(1),
      targetPublicKey: targetPublicKeySchema,
      apiKeyName: z.string().min(1).optional(),
      expirationSeconds: expirationSecondsSchema.optional(),
      invalidateExisting: z.boolean().optional(),
    }),
    async run(ctx, q, principal, p) {
      const rows = await q.query<{ id: string; user_id: string; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
        'SELECT id, user_id, code_hash, attempts, expires_at, used_at FROM custody_otps WHERE organization_id = $1 AND id::text = $2 FOR UPDATE',
        [principal.organizationId, p.otpId],
      );
      const otp = rows[0];
      const now = ctx.now();
      if (!otp || otp.used_at || otp.attempts >= OTP_ATTEMPTS || otp.expires_at.getTime() <= now.getTime()) throw new CustodyError(3, 'The code is invalid or expired.');
      if (createHash('sha256').update(p.otpCode).digest('hex') !== otp.code_hash) {
        await q.query('UPDATE custody_otps SET attempts = attempts + 1 WHERE id = $1', [otp.id]);
        // Committed though refused: a refusal that rolled the count back left the code open to endless guessing.
        throw new CommittedCustodyError(3, 'The code is invalid or expired.');
      }
      await q.query('UPDATE custody_otps SET used_at = $2 WHERE id = $1', [otp.id, now.toISOString()]);
      if (p.invalidateExisting) await q.query('DELETE FROM custody_api_keys WHERE user_id = $1 AND use_before IS NOT NULL', [otp.user_id]);
      const issued = await issueCredential(ctx, q, principal, otp.user_id, p);
      return { userId: otp.user_id, ...issued };
    },
  }),
};
