/** Refresh no earlier than this before expiry… */
export const REFRESH_MARGIN_MS = 60_000;
/** …and never sooner than this after the previous token arrived. */
export const MIN_REFRESH_INTERVAL_MS = 2_000;
/** Wait between refresh attempts that failed for a reason other than a rejected token. */
export const REFRESH_RETRY_MS = 5_000;

/** Milliseconds since the epoch for an ISO date, or NaN. */
export function toEpochMs(iso: string | undefined): number {
  return iso === undefined ? Number.NaN : Date.parse(iso);
}

/**
 * When to refresh a token expiring at `expiresAtMs`: 60 s before expiry, or after four fifths of
 * the remaining lifetime for short-lived tokens, and at least `MIN_REFRESH_INTERVAL_MS` from now.
 */
export function refreshDelayMs(expiresAtMs: number, nowMs: number): number {
  const remaining = expiresAtMs - nowMs;
  if (!(remaining > 0)) return 0;
  return Math.max(MIN_REFRESH_INTERVAL_MS, remaining - Math.min(REFRESH_MARGIN_MS, remaining / 5));
}

/** Milliseconds until `expiresAtMs`, never negative. */
export function expiryDelayMs(expiresAtMs: number, nowMs: number): number {
  const remaining = expiresAtMs - nowMs;
  return remaining > 0 ? remaining : 0;
}
