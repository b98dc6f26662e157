import type { errorBodySchema } from '@latchkey/protocol';
import type { ServerErrorCode } from '@latchkey/protocol/errorCodes';
import { LatchkeyError } from './LatchkeyError.js';

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

/**
 * A non-2xx product API response as a `LatchkeyError`: its `{ error: { code, message, path } }` body when the body
 * follows the contract (`schema`, the protocol's `errorBodySchema`), else a code for the status with the server's
 * message (a proxy page, another server); `Retry-After` as `retryAfterSeconds`. It travels with the contract chunk.
 */
export async function readErrorResponse(response: Response, schema: Pick<typeof errorBodySchema, 'safeParse'>): Promise<LatchkeyError> {
  const retryAfterSeconds = retryAfterSecondsOf(response);
  const retry = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) {
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
