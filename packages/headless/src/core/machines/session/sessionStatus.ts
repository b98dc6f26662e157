/** The session status: the top-level state (`restoring`, `signedOut`, `signingIn`, `mfa`, `signedIn`, `expired`). */
export type SessionStatus = 'restoring' | 'signedOut' | 'signingIn' | 'mfa' | 'signedIn' | 'expired';

/**
 * The status of a session snapshot. Its own module (no xstate): the code that paints first reads statuses without
 * loading the machine.
 */
export function getSessionStatus(snapshot: { value: string | Record<string, unknown> }): SessionStatus {
  const { value } = snapshot;
  if (typeof value === 'string') return value as SessionStatus;
  if ('anonymous' in value) return value.anonymous as SessionStatus;
  return Object.keys(value)[0] as SessionStatus;
}
