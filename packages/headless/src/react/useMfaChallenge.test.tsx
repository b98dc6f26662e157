import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, fakeUser, json, routeTable, type FakeHandler } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useMfaChallenge } from './useMfaChallenge.js';
import { useSession } from './useSession.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };

function setup(handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () => json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: {} }),
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      ...handlers,
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ mfa: useMfaChallenge(), session: useSession() }), { wrapper });
  return { client, result, requests: fake.requests };
}

describe('useMfaChallenge', () => {
  it('default: the challenge after sign-in: session mfa → a wrong code (mfa_invalid_code) → the right one → signedIn', async () => {
    let attempts = 0;
    const { client, result } = setup({
      'POST /users/mfa/auth/totp': () => (++attempts === 1 ? errorBody(400, 'mfa_invalid_code', 'Invalid code', 'code') : json(200, fakeSignIn(Date.now() + 3_600_000))),
    });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-1', nextView: 'mfa-challenge' } }));
    expect(result.current.session.status).toBe('mfa');
    act(() => result.current.mfa.submitCode('000000'));
    await waitFor(() => expect(result.current.mfa.error?.code).toBe('mfa_invalid_code'));
    expect(result.current.mfa.error?.message).toBe('Invalid code');
    expect(result.current.session.status).toBe('mfa');
    act(() => result.current.mfa.submitCode('123456'));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.mfa.status).toBe('done');
  });

  it('error: too_many_verification_attempts → failed; cancel abandons the sign-in', async () => {
    const { client, result } = setup({ 'POST /users/mfa/auth/totp': () => errorBody(429, 'too_many_verification_attempts', 'Too many verification attempts. Sign in again.') });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-1', nextView: 'mfa-challenge' } }));
    act(() => result.current.mfa.submitCode('000000'));
    await waitFor(() => expect(result.current.mfa.status).toBe('failed'));
    expect(result.current.mfa.error?.code).toBe('too_many_verification_attempts');
    act(() => result.current.mfa.cancel());
    expect(result.current.session.status).toBe('signedOut');
  });

  it('default: challenge says enrolment when the sign-in must set up a device first, code otherwise, undefined outside mfa', async () => {
    const { client, result } = setup({ 'POST /users/mfa/auth/totp': () => json(200, fakeSignIn(Date.now() + 3_600_000)) });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.mfa.challenge).toBeUndefined();
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-1', nextView: 'mfa-enrolment' } }));
    expect(result.current.mfa.challenge).toBe('enrolment');
    act(() => result.current.mfa.startEnrolment());
    await waitFor(() => expect(result.current.mfa.status).toBe('awaitingEnrolmentCode'));
    act(() => result.current.mfa.submitEnrolmentCode('123456'));
    await waitFor(() => expect(result.current.mfa.status).toBe('enrolled'));
    act(() => result.current.mfa.submitCode('234567'));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.mfa.challenge).toBeUndefined();
    act(() => client.session.send({ type: 'user.signOut' }));
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-2', nextView: 'mfa-challenge' } }));
    expect(result.current.mfa.challenge).toBe('code');
  });

  it('default: a code challenge asks once for the user\'s methods: passkey-only → passkeyOffered, totpOffered false', async () => {
    const { client, result, requests } = setup({ 'GET /users/mfa/methods': () => json(200, { methods: ['passkey'], hasRecoveryCodes: true }) });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.mfa.passkeyOffered).toBe(false);
    expect(result.current.mfa.totpOffered).toBeUndefined();
    expect(result.current.mfa.userMethods).toBeUndefined();
    expect(result.current.mfa.methods).toEqual(['totp', 'passkey']);
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-1', nextView: 'mfa-challenge' } }));
    await waitFor(() => expect(result.current.mfa.passkeyOffered).toBe(true));
    expect(result.current.mfa.totpOffered).toBe(false);
    expect(result.current.mfa.userMethods).toEqual({ methods: ['passkey'], hasRecoveryCodes: true });
    expect(result.current.mfa.status).toBe('idle');
    expect(requests.filter((request) => request.url.pathname.endsWith('/users/mfa/methods'))).toHaveLength(1);
    expect(requests.filter((request) => request.url.pathname.endsWith('/users/mfa/auth/passkey'))).toHaveLength(0);
  });

  it('default: a TOTP-only user → totpOffered, no passkey', async () => {
    const { client, result } = setup({ 'GET /users/mfa/methods': () => json(200, { methods: ['totp'], hasRecoveryCodes: false }) });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: { user: fakeUser(), mfaToken: 'mfa-1', nextView: 'mfa-challenge' } }));
    await waitFor(() => expect(result.current.mfa.totpOffered).toBe(true));
    expect(result.current.mfa.passkeyOffered).toBe(false);
    expect(result.current.mfa.userMethods).toEqual({ methods: ['totp'], hasRecoveryCodes: false });
  });
});
