import type { ProjectSettings } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';

/**
 * Step-up: removing a second factor (deleting a device, regenerating recovery codes — and with them MFA itself), adding
 * one beside it, and taking a way in away (unlinking a credential, deleting a passkey, a wallet or the account) need
 * one passed recently by this very session — its MFA challenge at sign-in, a step-up since (the MFA auth routes
 * called with the session token as bearer), or the device it has just verified. A stolen session alone cannot take
 * MFA, nor the account, away.
 */
export const MFA_STEP_UP_WINDOW_MS = 5 * 60_000;

export const stepUpMessages = {
  required: 'Confirm with your second factor first: this change needs one passed in the last 5 minutes.',
  lastDevice: 'Multi-factor authentication is required: the last second factor cannot be removed.',
} as const;

/** Records that the session passed a second factor now: its MFA challenge, a step-up, or the verification of a new device. */
export async function markSecondFactor(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET mfa_verified_at = $2 WHERE id = $1', [sessionId, now.toISOString()]);
}

/**
 * 403 `mfa_invalid_request` unless the session passed a second factor within `MFA_STEP_UP_WINDOW_MS`. A user without a
 * verified device has nothing to prove and nothing to protect: no sign-in asks them for a second factor, so recovery
 * codes (left from a removed device) are none on their own — and codes a session fetched unseen cannot lock them out.
 */
export async function assertRecentSecondFactor(ctx: SandboxContext, q: Queryable, auth: Auth): Promise<void> {
  const rows = await q.query<{ verified_at: Date | null; devices: number }>(
    `SELECT (SELECT mfa_verified_at FROM sessions WHERE id = $3) AS verified_at,
            (SELECT count(*)::int FROM mfa_devices WHERE environment_id = $1 AND user_id = $2 AND verified) AS devices`,
    [ctx.environmentId, auth.userId, auth.session.id],
  );
  const { verified_at: verifiedAt = null, devices = 0 } = rows[0] ?? {};
  if (devices === 0) return;
  if (!verifiedAt || ctx.now().getTime() - verifiedAt.getTime() > MFA_STEP_UP_WINDOW_MS) throw new ApiError(403, 'mfa_invalid_request', stepUpMessages.required);
}

/** With `security.mfa.required`, a user's last verified device stays: 400 `mfa_invalid_request`. */
export function assertNotLastRequiredDevice(settings: ProjectSettings, remainingAfter: number): void {
  if (settings.security.mfa?.enabled && settings.security.mfa.required && remainingAfter === 0) throw new ApiError(400, 'mfa_invalid_request', stepUpMessages.lastDevice);
}
