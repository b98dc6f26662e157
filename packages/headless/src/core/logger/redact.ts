const REDACTED = '[redacted]';

/**
 * Keys whose values are secrets: tokens, one-time codes, keys, signatures (a custody stamp's header value among them);
 * PKCE verifiers, key shares, export bundles, recovery codes, a mobile wallet's session and Telegram's login hash.
 */
const SECRET_KEY = /(?:jwt|token|secret|secretkey|password|passphrase|authorization|privatekey|mnemonic|seed|signature|stamp|stampheadervalue|verifier|share|bundle|recoverycodes?)$|^(?:code|otp|totp|session|hash)$/i;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const ONE_TIME_CODE = /\b\d{6}\b/g;
const SECRET_QUERY_PARAM = /([?&](?:code|state|token|jwt|[\w-]*token|secret|data|latchkey_mobile_request)=)[^&#]*/gi;
/** A `secret=` parameter inside any string: an otpauth URI carries the authenticator's seed there. */
const SECRET_PARAM_IN_TEXT = /([?&]secret=)[^&#\s"']*/gi;
const MAX_DEPTH = 4;

/** Removes JWTs, one-time codes and `secret=` parameters (an otpauth URI's seed) from a free-text message. */
export function redactText(text: string): string {
  return text.replace(JWT, REDACTED).replace(ONE_TIME_CODE, REDACTED).replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`);
}

/** Removes the values of secret-looking query parameters (`code`, `state`, `*token`, `secret`, a mobile wallet's `data` and request id) from a URL search string. */
export function redactSearch(search: string): string {
  return search.replace(SECRET_QUERY_PARAM, `$1${REDACTED}`);
}

/** A copy of `value` safe to log: secret keys redacted, strings scrubbed, errors flattened, depth bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { errorName: value.name, errorMessage: redactText(value.message), ...(typeof code === 'string' ? { errorCode: code } : {}) };
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1);
  }
  return copy;
}
