import { describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, json } from '../../test/fakeFetch.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { createApi } from './createApi.js';
import { createTransport } from './createTransport.js';

function setup(handler: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(handler);
  const onError = vi.fn();
  const debug = vi.fn();
  const transport = createTransport({ apiBaseUrl: API_BASE_URL, environmentId: ENVIRONMENT_ID, fetch: fake.fetch, getJwt: () => 'j.w.t' });
  return { api: createApi({ transport, onError, logger: { debug } }), onError, debug, requests: fake.requests };
}

describe('createApi', () => {
  it('default: passes the validated answer through', async () => {
    const { api, onError } = setup(() => json(200, { ok: true }));
    await expect(api.request('revoke')).resolves.toEqual({ ok: true });
    expect(onError).not.toHaveBeenCalled();
  });

  it('error: a non-2xx body becomes a LatchkeyError with the SPEC wording, reported to onError', async () => {
    const { api, onError } = setup(() => errorBody(429, 'too_many_email_verification_attempts', 'Server words'));
    const error = await api
      .request('signInWithEmailVerification', {
        body: { verificationUUID: '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90', verificationToken: '123456' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({
      code: 'too_many_email_verification_attempts',
      message: 'Too many email verification attempts.',
      status: 429,
    });
    // with the route's method, path and bearer flag (from the route table the transport loaded)
    expect(onError).toHaveBeenCalledWith(error, 'signInWithEmailVerification', expect.objectContaining({ method: 'POST', bearer: false }));
  });

  it('error: a network failure is network_error', async () => {
    const { api } = setup(() => {
      throw new TypeError('fetch failed');
    });
    await expect(api.request('revoke')).rejects.toMatchObject({ code: 'network_error' });
  });

  it('behavior: logs each request at debug without the body', async () => {
    const { api, debug } = setup(() => json(200, { verificationUUID: '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90' }));
    await api.request('createEmailVerification', { body: { email: 'ada@example.com' } });
    expect(debug).toHaveBeenCalledWith('POST /emailVerifications/create ok');
    expect(JSON.stringify(debug.mock.calls)).not.toContain('ada@example.com');
  });
});
