import { API_VERSION, API_VERSION_HEADER, KIT_VERSION, KIT_VERSION_HEADER } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, json } from '../../test/fakeFetch.js';
import { loadContract, type Contract } from '../contract/loadContract.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { createApi } from './createApi.js';
import { createTransport } from './createTransport.js';

const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const contract = await loadContract();

function setup(handler = () => json(200, { verificationUUID: UUID }), extra: { jwt?: string; includeCredentials?: boolean | (() => boolean) } = {}) {
  const fake = createFakeFetch(handler);
  const transport = createTransport({
    apiBaseUrl: `${API_BASE_URL}/`,
    environmentId: ENVIRONMENT_ID,
    fetch: fake.fetch,
    getJwt: () => extra.jwt,
    includeCredentials: extra.includeCredentials,
  });
  return { transport, requests: fake.requests };
}

describe('createTransport', () => {
  it('default: POSTs the validated JSON body to {apiBaseUrl}/api/v0/sdk/{environmentId}{path} with the version headers', async () => {
    const { transport, requests } = setup();
    const result = await transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(result).toEqual({ verificationUUID: UUID });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url.href).toBe(`${API_BASE_URL}/api/v0/sdk/${ENVIRONMENT_ID}/emailVerifications/create`);
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ email: 'ada@example.com' });
    expect(request?.headers.get(KIT_VERSION_HEADER)).toBe(KIT_VERSION);
    expect(request?.headers.get(API_VERSION_HEADER)).toBe(API_VERSION);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(request?.credentials).toBeUndefined();
  });

  it('behavior: bearer routes send the session JWT, or the one given', async () => {
    const user = { id: 'u', projectEnvironmentId: ENVIRONMENT_ID, verifiedCredentials: [] };
    const { transport, requests } = setup(() => json(200, { user }), { jwt: 'session.jwt.value' });
    await transport('getUser');
    await transport('getUser', { jwt: 'explicit.jwt.value' });
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer session.jwt.value',
      'Bearer explicit.jwt.value',
    ]);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('error: a bearer route without a session fails with unauthorized and sends nothing', async () => {
    const { transport, requests } = setup();
    await expect(transport('getUser')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(requests).toHaveLength(0);
  });

  it("behavior: cookie storage sends credentials: 'include'", async () => {
    const { transport, requests } = setup(undefined, { includeCredentials: true });
    await transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(requests[0]?.credentials).toBe('include');
  });

  it('behavior: credentials asked per request, and a bearer route without a token goes out on the session cookie', async () => {
    let cookieMode = false;
    const { transport, requests } = setup(() => json(200, { user: { id: UUID } }), { includeCredentials: () => cookieMode });
    await expect(transport('getUser')).rejects.toMatchObject({ code: 'unauthorized' });
    expect(requests).toHaveLength(0);
    cookieMode = true;
    await transport('getUser').catch(() => undefined);
    expect(requests[0]?.credentials).toBe('include');
    expect(new Headers(requests[0]?.headers).has('authorization')).toBe(false);
  });

  it('error: a body that fails the route schema is invalid_request and is not sent', async () => {
    const { transport, requests } = setup();
    const error = await transport('createEmailVerification', { body: { email: 'nope' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({ code: 'invalid_request', path: 'email' });
    expect(requests).toHaveLength(0);
  });

  it('error: unknown keys of a strict body are refused', async () => {
    const { transport, requests } = setup();
    await expect(
      transport('updateUser', { body: { firstName: 'Ada', isAdmin: true } as never }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(requests).toHaveLength(0);
  });

  it('error: a 2xx answer that fails the response schema is invalid_response', async () => {
    const { transport } = setup(() => json(200, { verificationUUID: 'not-a-uuid' }));
    await expect(transport('createEmailVerification', { body: { email: 'ada@example.com' } })).rejects.toMatchObject({
      code: 'invalid_response',
      path: 'verificationUUID',
      status: 200,
    });
  });

  it('error: a 2xx answer that is not JSON is invalid_response', async () => {
    const { transport } = setup(() => new Response('<html>', { status: 200 }));
    await expect(transport('createEmailVerification', { body: { email: 'ada@example.com' } })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('error: a non-2xx is thrown as the raw Response', async () => {
    const { transport } = setup(() => errorBody(429, 'too_many_requests', 'Slow down'));
    const thrown = await transport('createEmailVerification', { body: { email: 'ada@example.com' } }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(429);
  });

  it('behavior: path parameters are validated and filled; GET queries are validated and sent', async () => {
    const { transport, requests } = setup(() => json(200, []));
    const balances = await transport('getBalances', {
      params: { chainName: 'SOL' },
      query: { accountAddress: 'So11111111111111111111111111111111111111112', networkId: 101 },
    });
    expect(balances).toEqual([]);
    expect(requests[0]?.url.pathname).toBe(`/api/v0/sdk/${ENVIRONMENT_ID}/chains/SOL/balances`);
    expect(requests[0]?.url.search).toBe('?accountAddress=So11111111111111111111111111111111111111112&networkId=101');

    const badParam = await transport('getBalances', { params: { chainName: 'DOGE' as 'SOL' }, query: { accountAddress: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(badParam).toMatchObject({ code: 'invalid_request', path: 'chainName' });
    const badQuery = await transport('getBalances', { params: { chainName: 'SOL' }, query: { accountAddress: '' } }).catch(
      (e: unknown) => e,
    );
    expect(badQuery).toMatchObject({ code: 'invalid_request', path: 'accountAddress' });
    expect(requests).toHaveLength(1);
  });
});

describe('createTransport: the schemas load on demand', () => {
  /** A loader the test resolves or rejects by hand, counting its calls. */
  function gatedLoader() {
    const calls: Array<{ resolve: (value: Contract) => void; reject: (error: unknown) => void }> = [];
    const load = () => new Promise<Contract>((resolve, reject) => calls.push({ resolve, reject }));
    return { load, calls };
  }

  function setupGated(handler = () => json(200, { verificationUUID: UUID })) {
    const fake = createFakeFetch(handler);
    const gate = gatedLoader();
    const transport = createTransport({ apiBaseUrl: API_BASE_URL, environmentId: ENVIRONMENT_ID, fetch: fake.fetch, loadContract: gate.load });
    return { transport, requests: fake.requests, calls: gate.calls };
  }

  it('default: nothing loads before the first request (a page paints without the schemas); the first request loads them once', async () => {
    const { transport, calls, requests } = setupGated();
    expect(calls).toHaveLength(0);
    const first = transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    void transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(calls).toHaveLength(1);
    expect(requests).toHaveLength(0);
    calls[0]?.resolve(contract);
    await first;
    expect(calls).toHaveLength(1);
  });

  it('behavior: a request waits for the schemas, then is validated and sent; later ones go out at once', async () => {
    const { transport, requests, calls } = setupGated();
    const first = transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    const refused = transport('createEmailVerification', { body: { email: 'nope' } }).catch((e: unknown) => e);
    await Promise.resolve();
    expect(requests).toHaveLength(0);
    calls[0]?.resolve(contract);
    await expect(first).resolves.toEqual({ verificationUUID: UUID });
    // Validated once the schemas are in: the bad address is refused and never sent.
    await expect(refused).resolves.toMatchObject({ code: 'invalid_request', path: 'email' });
    expect(requests).toHaveLength(1);
    void transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(requests).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });

  it('behavior: a 2xx answer is checked against the lazily loaded schema', async () => {
    const { transport, calls } = setupGated(() => json(200, { verificationUUID: 'not-a-uuid' }));
    const answer = transport('createEmailVerification', { body: { email: 'ada@example.com' } });
    calls[0]?.resolve(contract);
    await expect(answer).rejects.toMatchObject({
      code: 'invalid_response',
      path: 'verificationUUID',
    });
  });

  it('error: when the schemas fail to load, the request fails without being sent and the next request loads them again', async () => {
    const { transport, requests, calls } = setupGated();
    const api = createApi({ transport });
    const failed = api.request('createEmailVerification', { body: { email: 'ada@example.com' } });
    calls[0]?.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(requests).toHaveLength(0);
    const retried = api.request('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(contract);
    await expect(retried).resolves.toEqual({ verificationUUID: UUID });
    expect(requests).toHaveLength(1);
  });
});
