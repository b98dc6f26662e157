import { describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable } from '../../test/fakeFetch.js';
import { createApi } from '../transport/createApi.js';
import { createTransport } from '../transport/createTransport.js';
import { createEmailVerification } from './createEmailVerification.js';
import { getSession } from './getSession.js';
import { getUser } from './getUser.js';
import { refreshSession } from './refreshSession.js';
import { retryEmailVerification } from './retryEmailVerification.js';
import { revokeSession } from './revokeSession.js';
import { verifyEmailVerification } from './verifyEmailVerification.js';

const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';

function setup() {
  const signIn = fakeSignIn(Date.UTC(2030, 0, 1));
  const fake = createFakeFetch(
    routeTable({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/retry': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/verify': () => json(200, signIn),
      'GET /users': () => json(200, { user: fakeUser() }),
      'POST /refresh': () => json(200, signIn),
      'POST /revoke': () => json(200, { ok: true }),
      'GET /session': () =>
        json(200, { id: 's', userId: 'user-1', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-01T02:00:00Z', revokedAt: null }),
    }),
  );
  const transport = createTransport({ apiBaseUrl: API_BASE_URL, environmentId: ENVIRONMENT_ID, fetch: fake.fetch, getJwt: () => 'session.j.w' });
  return { client: { api: createApi({ transport }) }, requests: fake.requests, signIn };
}

describe('actions', () => {
  it('error: createEmailVerification refuses a malformed address before any request', async () => {
    const { client, requests } = setup();
    for (const email of ['', '   ', 'no-at-sign', 'a@b', 'ada@example.com extra']) {
      await expect(createEmailVerification(client, { email })).rejects.toMatchObject({
        code: 'invalid_email_address',
        message: 'Enter a valid e-mail address.',
      });
    }
    await expect(retryEmailVerification(client, { verificationUUID: UUID, email: 'nope' })).rejects.toMatchObject({
      code: 'invalid_email_address',
    });
    expect(requests).toHaveLength(0);
  });

  it('default: createEmailVerification and retryEmailVerification send the trimmed address', async () => {
    const { client, requests } = setup();
    await expect(createEmailVerification(client, { email: ' ada@example.com ' })).resolves.toEqual({ verificationUUID: UUID });
    await retryEmailVerification(client, { verificationUUID: UUID, email: 'ada@example.com ' });
    expect(requests.map((request) => request.body)).toEqual([{ email: 'ada@example.com' }, { verificationUUID: UUID, email: 'ada@example.com' }]);
  });

  it('behavior: session actions send the given token or the session one', async () => {
    const { client, requests, signIn } = setup();
    expect(await getUser(client)).toEqual(fakeUser());
    await expect(refreshSession(client, { jwt: 'given.j.w' })).resolves.toEqual(signIn);
    await expect(revokeSession(client)).resolves.toBeUndefined();
    await expect(getSession(client)).resolves.toMatchObject({ id: 's', revokedAt: null });
    await expect(verifyEmailVerification(client, { verificationUUID: UUID, verificationToken: '123456' })).resolves.toEqual(signIn);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer session.j.w',
      'Bearer given.j.w',
      'Bearer session.j.w',
      'Bearer session.j.w',
      'Bearer session.j.w',
    ]);
  });
});
