const REDACTED = '[redacted]';

/**
 * Keys whose values are secrets: tokens, one-time codes, keys, signatures; PKCE verifiers, key shares, export bundles,
 * recovery codes and a mobile wallet's session.
 */
const SECRET_KEY = /(?:jwt|token|secret|secretkey|password|passphrase|authorization|privatekey|mnemonic|seed|signature|stamp|verifier|share|bundle|recoverycodes?)$|^(?:code|otp|totp|session)$/i;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const ONE_TIME_CODE = /\b\d{6}\b/g;
const SECRET_QUERY_PARAM = /([?&](?:code|state|token|jwt|[\w-]*token|data|latchkey_mobile_request)=)[^&#]*/gi;
const MAX_DEPTH = 4;

/** Removes JWTs and one-time codes from a free-text message. */
export function redactText(text: string): string {
  return text.replace(JWT, REDACTED).replace(ONE_TIME_CODE, REDACTED);
}

/** Removes the values of secret-looking query parameters (`code`, `state`, `*token`, a mobile wallet's `data` and request id) from a URL search string. */
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
