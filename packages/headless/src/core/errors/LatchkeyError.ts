import { clientErrorMessages, serverErrorMessages, type LatchkeyErrorCode } from './errorCodes.js';

export interface LatchkeyErrorOptions {
  /** The server's (or a validator's) message; used when SPEC §8 gives no wording for the code. */
  message?: string;
  /** Values for the `{name}` placeholders of the code's message. */
  params?: Readonly<Record<string, string | number>>;
  cause?: unknown;
  /** HTTP status, when the error came from a product API response. */
  status?: number;
  /** Where in the request a validation failure is, e.g. `email`. */
  path?: string;
  /** A rate limit's `Retry-After`: how many seconds until trying again can succeed. */
  retryAfterSeconds?: number;
}

/**
 * Outside text (a server's message, a provider's `error`, a reason) is cut at 300 characters in a message or a param:
 * a page shows a sentence, not whatever length another party chose to send.
 */
const bounded = <T extends string | number>(value: T): T => (typeof value === 'string' && value.length > 300 ? (`${value.slice(0, 299)}…` as T) : value);

function fill(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

function messageFor(code: LatchkeyErrorCode, options: LatchkeyErrorOptions): string {
  const template =
    (clientErrorMessages as Readonly<Record<string, string>>)[code] ??
    (serverErrorMessages as Readonly<Record<string, string>>)[code];
  if (template !== undefined) return fill(template, options.params);
  return bounded(options.message ?? code);
}

/** The one error type of the kit: a `code` a UI can switch on, the user-facing `message`, and the `cause`. */
export class LatchkeyError extends Error {
  override readonly name = 'LatchkeyError';
  readonly code: LatchkeyErrorCode;
  readonly status: number | undefined;
  readonly path: string | undefined;
  /** For a rate limit ('Rate limit reached', too many attempts): seconds until trying again can succeed, when the server said. */
  readonly retryAfterSeconds: number | undefined;
  /** The values of the message's `{name}` placeholders, so a UI can show the code's message in another language. */
  readonly params: Readonly<Record<string, string | number>> | undefined;

  constructor(code: LatchkeyErrorCode, options: LatchkeyErrorOptions = {}) {
    const params = options.params && Object.fromEntries(Object.entries(options.params).map(([name, value]) => [name, bounded(value)]));
    super(messageFor(code, { ...options, params }), options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.path = options.path;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.params = params;
  }
}

/** True when `error` is a `LatchkeyError` (with the given code, if one is passed). */
export function isLatchkeyError(error: unknown, code?: LatchkeyErrorCode): error is LatchkeyError {
  return error instanceof LatchkeyError && (code === undefined || error.code === code);
}
