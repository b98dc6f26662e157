import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { sometimesSweepExpired, type SweepPlace } from '../services/retention/sweepExpired.js';

/** How long a solved captcha's token can be redeemed (hCaptcha's own window). */
export const CAPTCHA_TOKEN_TTL_MS = 120_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token for `siteKey` (stored hashed), as the widget's `execute` hands it to the page. */
export async function issueCaptchaToken(q: Queryable, place: SweepPlace, siteKey: string): Promise<string> {
  const token = `P1_${randomBytes(32).toString('base64url')}`;
  const now = place.now();
  await Promise.all([
    q.query('INSERT INTO captcha_tokens (token_hash, environment_id, site_key, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      hash(token),
      place.environmentId,
      siteKey,
      now.toISOString(),
      new Date(now.getTime() + CAPTCHA_TOKEN_TTL_MS).toISOString(),
    ]),
    sometimesSweepExpired(q, 'captcha_tokens', place),
  ]);
  return token;
}

export type CaptchaVerdict = 'ok' | 'invalid-or-already-seen-response' | 'sitekey-secret-mismatch' | 'expired-input-response';

/**
 * Redeems a token once: it must exist, be unused, unexpired and issued for `siteKey`. The first caller wins under
 * concurrency (one UPDATE … WHERE used_at IS NULL); a token presented for another site key is burnt as well.
 */
export async function redeemCaptchaToken(q: Queryable, environmentId: string, siteKey: string, token: string, now: Date): Promise<CaptchaVerdict> {
  const rows = await q.query<{ site_key: string; expires_at: Date }>(
    'UPDATE captcha_tokens SET used_at = $3 WHERE token_hash = $1 AND environment_id = $2 AND used_at IS NULL RETURNING site_key, expires_at',
    [hash(token), environmentId, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return 'invalid-or-already-seen-response';
  if (row.site_key !== siteKey) return 'sitekey-secret-mismatch';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired-input-response';
  return 'ok';
}
