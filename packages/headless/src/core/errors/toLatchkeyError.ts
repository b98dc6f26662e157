import type { ServerErrorCode } from '@latchkey/protocol/errorCodes';
import { loadContract } from '../contract/loadContract.js';
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

function codeForStatus(status: number): ServerErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 429) return 'too_many_requests';
  if (status >= 500) return 'internal_error';
  return 'invalid_request';
}

/** `Retry-After` as seconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3); `undefined` if absent or malformed. */
export function retryAfterSecondsOf(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function fromResponse(response: Response): Promise<LatchkeyError> {
  const retryAfterSeconds = retryAfterSecondsOf(response);
  const retry = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  // The schemas are loaded by now (the request was checked with them); if they cannot load, the
  // body is treated as outside the contract below.
  const contract = await loadContract().catch(() => undefined);
  const parsed = contract?.errorBodySchema.safeParse(body);
  if (parsed?.success) {
    const { code, message, path } = parsed.data.error;
    return new LatchkeyError(code, { message, path, status: response.status, cause: response, ...retry });
  }
  // A body outside the contract (another server, a proxy page): fall back on the status.
  const serverMessage = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return new LatchkeyError(codeForStatus(response.status), {
    message: typeof serverMessage === 'string' ? serverMessage : `Request failed with status ${response.status}`,
    status: response.status,
    cause: response,
    ...retry,
  });
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

/** Converts anything thrown (except a `Response`, which needs its body read) to a `LatchkeyError`. */
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

/**
 * Converts anything thrown by the transport or a flow to a `LatchkeyError`: a non-2xx `Response`
 * (its `{ error: { code, message } }` body), a network `TypeError`, an abort, a schema failure…
 */
export async function toLatchkeyError(error: unknown): Promise<LatchkeyError> {
  if (typeof Response !== 'undefined' && error instanceof Response) return fromResponse(error);
  return toLatchkeyErrorSync(error);
}
