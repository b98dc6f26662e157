/**
 * The session status: `restoring`, `signedOut`, `signingIn`, `mfa`, `onboarding` (signed in, but a required profile
 * field is missing: the sign-in is not complete for the host until it is saved), `signedIn` or `expired`.
 */
export type SessionStatus = 'restoring' | 'signedOut' | 'signingIn' | 'mfa' | 'onboarding' | 'signedIn' | 'expired';

/**
 * The status of a session snapshot. Its own module (no xstate): the code that paints first reads statuses without
 * loading the machine. While a fresh session's settings load to say whether onboarding is pending, it is `signingIn`.
 */
export function getSessionStatus(snapshot: { value: string | Record<string, unknown> }): SessionStatus {
  const { value } = snapshot;
  if (typeof value === 'string') return value as SessionStatus;
  if ('anonymous' in value) return value.anonymous as SessionStatus;
  const signedIn = value['signedIn'] as { profile?: string } | string | undefined;
  if (signedIn !== undefined && typeof signedIn === 'object') {
    if (signedIn.profile === 'onboarding') return 'onboarding';
    if (signedIn.profile === 'checking') return 'signingIn';
    return 'signedIn';
  }
  return Object.keys(value)[0] as SessionStatus;
}
