import { p256 } from '@noble/curves/nist.js';
import { CustodyError } from './CustodyError.js';

/**
 * The product API's own custody client: every request goes over HTTP to the emulator, stamped
 * with the root organisation's API key like any other caller (no side door into its tables).
 */
export interface CustodyClient {
  readonly rootOrganizationId: string;
  query<T = Record<string, any>>(name: string, body: Record<string, unknown>): Promise<T>;
  /**
   * Submits an activity and returns its result (the `<type>Result` object); throws unless COMPLETED. `at` is its
   * `timestampMs` (default now): an API key it adds lives `expirationSeconds` from then.
   */
  submit<T = Record<string, any>>(name: string, type: string, organizationId: string, parameters: Record<string, unknown>, at?: Date): Promise<T>;
  /**
   * Sends a submit someone else stamped (its exact body and stamp header, e.g. a passkey's assertion), as the
   * provider's client would; resolves to the result, throws the custody refusal.
   */
  forward<T = Record<string, any>>(name: string, body: string, stamp: { header: 'X-Stamp' | 'X-Stamp-WebAuthn'; value: string }): Promise<T>;
}

export function apiKeyStamp(body: string, key: { privateKey: string; publicKey: string }): string {
  const signature = p256.sign(new TextEncoder().encode(body), Buffer.from(key.privateKey, 'hex'), { format: 'der' });
  const stamp = { publicKey: key.publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: Buffer.from(signature).toString('hex') };
  return Buffer.from(JSON.stringify(stamp)).toString('base64url');
}

export function createCustodyClient(options: { baseUrl: string; rootOrganizationId: string; apiKey: { privateKey: string; publicKey: string }; now: () => Date }): CustodyClient {
  async function send(path: string, body: string, stamp: { header: string; value: string }) {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [stamp.header]: stamp.value, 'x-client-version': 'latchkey-sandbox' },
      body,
    });
    const json = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new CustodyError(json['code'] ?? 13, String(json['message'] ?? response.statusText), json['details'] ?? []);
    return json;
  }
  const post = (path: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify(payload);
    return send(path, body, { header: 'x-stamp', value: apiKeyStamp(body, options.apiKey) });
  };
  const resultOf = (activity: Record<string, any>) => {
    if (activity['status'] !== 'ACTIVITY_STATUS_COMPLETED') throw new CustodyError(9, `Expected COMPLETED status, got ${activity['status']}`);
    const [result] = Object.values(activity['result'] as Record<string, unknown>);
    return result as any;
  };
  return {
    rootOrganizationId: options.rootOrganizationId,
    query: (name, body) => post(`/public/v1/query/${name}`, body) as Promise<any>,
    async submit(name, type, organizationId, parameters, at = options.now()) {
      const { activity } = await post(`/public/v1/submit/${name}`, { type, timestampMs: String(at.getTime()), organizationId, parameters });
      return resultOf(activity);
    },
    async forward(name, body, stamp) {
      const { activity } = await send(`/public/v1/submit/${name}`, body, { header: stamp.header.toLowerCase(), value: stamp.value });
      return resultOf(activity);
    },
  };
}
