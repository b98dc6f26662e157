import { LatchkeyError } from './LatchkeyError.js';

interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function isValidationError(error: unknown): error is Error & { issues: readonly ValidationIssue[] } {
  // classic zod names its error ZodError, zod/mini (the protocol's schemas) $ZodError
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError') && Array.isArray((error as { issues?: unknown }).issues);
}

/** `email: must be a valid e-mail address` for the first issue of a schema failure. */
export function describeIssues(issues: readonly ValidationIssue[]): { message: string; path: string | undefined } {
  const issue = issues[0];
  if (!issue) return { message: 'invalid value', path: undefined };
  const path = issue.path.map(String).join('.');
  return { message: path ? `${path}: ${issue.message}` : issue.message, path: path || undefined };
}

/** What browsers and Node say when a request never got an answer (Chromium, Firefox, Safari, undici, Node sockets). */
const NETWORK_FAILURE = /Failed to fetch|fetch failed|NetworkError when attempting to fetch|Load failed|Network request failed|ECONNREFUSED|ECONNRESET|socket hang up/;

/**
 * A failed request under a library's own wording: web3.js, for one, rethrows a failed fetch as
 * `new Error('failed to get recent blockhash: ' + error)`, keeping only its text. Looks through `cause` (a few levels).
 */
export function isNetworkFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (NETWORK_FAILURE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Converts anything thrown (except a `Response`, which needs its body read: `readErrorResponse`) to a `LatchkeyError`:
 * a network `TypeError`, an abort or timeout, a schema failure… The async `toLatchkeyError` (`toLatchkeyErrorLazily.ts`)
 * does both.
 */
export function toLatchkeyErrorSync(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  if (isValidationError(error)) {
    const { message, path } = describeIssues(error.issues);
    return new LatchkeyError('invalid_request', { message, path, cause: error });
  }
  if (error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    const { name, message } = error as Error;
    if (name === 'AbortError') return new LatchkeyError('aborted', { cause: error });
    if (name === 'TimeoutError') return new LatchkeyError('timeout', { cause: error });
    // fetch rejects with a TypeError when the network (or CORS) fails.
    if (error instanceof TypeError || isNetworkFailure(error)) return new LatchkeyError('network_error', { cause: error });
    return new LatchkeyError('UNKNOWN', { message, cause: error });
  }
  return new LatchkeyError('UNKNOWN', { message: String(error), cause: error });
}
