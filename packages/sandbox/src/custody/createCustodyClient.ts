import { p256 } from '@noble/curves/nist.js';
import { CustodyError } from './CustodyError.js';

/**
 * The product API's own custody client: every request goes over HTTP to the emulator, stamped
 * with the root organisation's API key like any other caller (no side door into its tables).
 */
export interface CustodyClient {
  readonly rootOrganizationId: string;
  query<T = Record<string, any>>(name: string, body: Record<string, unknown>): Promise<T>;
  /** Submits an activity and returns its result (the `<type>Result` object); throws unless COMPLETED. */
  submit<T = Record<string, any>>(name: string, type: string, organizationId: string, parameters: Record<string, unknown>): Promise<T>;
}

export function apiKeyStamp(body: string, key: { privateKey: string; publicKey: string }): string {
  const signature = p256.sign(new TextEncoder().encode(body), Buffer.from(key.privateKey, 'hex'), { format: 'der' });
  const stamp = { publicKey: key.publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: Buffer.from(signature).toString('hex') };
  return Buffer.from(JSON.stringify(stamp)).toString('base64url');
}

export function createCustodyClient(options: { baseUrl: string; rootOrganizationId: string; apiKey: { privateKey: string; publicKey: string }; now: () => Date }): CustodyClient {
  async function post(path: string, payload: Record<string, unknown>) {
    const body = JSON.stringify(payload);
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-stamp': apiKeyStamp(body, options.apiKey), 'x-client-version': 'latchkey-sandbox' },
      body,
    });
    const json = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new CustodyError(json['code'] ?? 13, String(json['message'] ?? response.statusText), json['details'] ?? []);
    return json;
  }
  return {
    rootOrganizationId: options.rootOrganizationId,
    query: (name, body) => post(`/public/v1/query/${name}`, body) as Promise<any>,
    async submit(name, type, organizationId, parameters) {
      const { activity } = await post(`/public/v1/submit/${name}`, { type, timestampMs: String(options.now().getTime()), organizationId, parameters });
      if (activity.status !== 'ACTIVITY_STATUS_COMPLETED') throw new CustodyError(9, `Expected COMPLETED status, got ${activity.status}`);
      const [result] = Object.values(activity.result as Record<string, unknown>);
      return result as any;
    },
  };
}
