import { embeddedError } from '../embeddedError.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { Stamper } from '../stampers/Stamper.js';
import { fetchText } from '../../transport/requestDeadline.js';

/** The custody provider's API as the kit calls it (SPEC §7): stamped POSTs, activities back. */
export interface CustodyApi {
  query<T = Record<string, any>>(name: string, body: Record<string, unknown>, stamper: Stamper): Promise<T>;
  /** Submits an activity; resolves to its result object, or throws the spec's activity errors. */
  submit<T = Record<string, any>>(name: string, type: string, organizationId: string, parameters: Record<string, unknown>, stamper: Stamper): Promise<T>;
}

export const CUSTODY_CLIENT_VERSION = 'latchkey-headless';

/** The custody error body `{ code, message, details }` as a LatchkeyError (error 16's two messages get their own codes). */
export function fromCustodyError(status: number, body: unknown): LatchkeyError {
  const { code, message } = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : `HTTP ${status}`;
  if (code === 16 && text.includes('expired api key')) return new LatchkeyError('custody_expired_api_key', { status, cause: body });
  if (code === 16 && text.includes('could not find public key')) return new LatchkeyError('custody_public_key_not_found', { status, cause: body });
  return embeddedError('custody_request_failed', { params: { reason: text }, status, cause: body });
}

/** True for the custody errors after which the session is recreated and the operation retried once (SPEC §8). */
export function isSessionKeyRejected(error: unknown): boolean {
  return error instanceof LatchkeyError && (error.code === 'custody_expired_api_key' || error.code === 'custody_public_key_not_found');
}

const isRecord = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stamped POSTs to the custody provider. Each is bounded as a product API request is (`REQUEST_TIMEOUT_MS`, or
 * `timeoutMs`): no answer, answer read in full, in time is `timeout`. A success that is not the provider's shape (not a
 * JSON object; an activity without a status or with a result that is not an object) is `invalid_response`; a refusal
 * whose body is not JSON (a proxy's error page) is `custody_request_failed` with reason `HTTP {status}`.
 */
export function createCustodyApi(options: { baseUrl: string; fetch?: typeof fetch; now?: () => number; timeoutMs?: number }): CustodyApi {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const now = options.now ?? Date.now;
  async function post(path: string, payload: Record<string, unknown>, stamper: Stamper) {
    const body = JSON.stringify(payload);
    const stamp = await stamper.stamp(body);
    let answer: { response: Response; text: string };
    try {
      answer = await fetchText(
        doFetch,
        `${options.baseUrl}${path}`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Client-Version': CUSTODY_CLIENT_VERSION, [stamp.stampHeaderName]: stamp.stampHeaderValue }, body },
        { timeoutMs: options.timeoutMs },
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new LatchkeyError('timeout', { cause: error });
      throw new LatchkeyError('network_error', { cause: error });
    }
    const { response, text } = answer;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      // A refusal whose body is no JSON (a proxy's HTML 502 page) is still that refusal, not a malformed success.
      if (!response.ok) throw fromCustodyError(response.status, undefined);
      throw new LatchkeyError('invalid_response', { cause: error, status: response.status });
    }
    if (!response.ok) throw fromCustodyError(response.status, json);
    if (!isRecord(json)) throw new LatchkeyError('invalid_response', { status: response.status, cause: json });
    return json;
  }
  return {
    query: (name, body, stamper) => post(`/public/v1/query/${name}`, body, stamper) as Promise<any>,
    async submit(name, type, organizationId, parameters, stamper) {
      const { activity } = await post(`/public/v1/submit/${name}`, { type, timestampMs: String(now()), organizationId, parameters }, stamper);
      if (!isRecord(activity) || typeof activity['status'] !== 'string') throw new LatchkeyError('invalid_response', { cause: activity });
      const status = activity['status'];
      if (status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') throw new LatchkeyError('activity_requires_consensus', { cause: activity });
      if (status !== 'ACTIVITY_STATUS_COMPLETED') throw new LatchkeyError('unexpected_activity_status', { params: { status }, cause: activity });
      const result = isRecord(activity['result']) ? Object.values(activity['result'])[0] : undefined;
      if (typeof result !== 'object' || result === null) throw new LatchkeyError('invalid_response', { cause: activity });
      return result as any;
    },
  };
}
