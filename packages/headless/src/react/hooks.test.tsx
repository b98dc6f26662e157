import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { loadContract } from '../core/contract/loadContract.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import {
  API_BASE_URL,
  createFakeFetch,
  ENVIRONMENT_ID,
  errorBody,
  fakeSignIn,
  fakeUser,
  json,
  routeTable,
  type FakeHandler,
} from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useLatchkey } from './useLatchkey.js';
import { useSession } from './useSession.js';
import { useUser } from './useUser.js';

const UUID = '0b7e9a52-3c41-4d7a-9f6e-2a8b1c5d7e90';
const settingsBody = {
  environmentName: 'sandbox',
  design: {},
  general: { displayName: 'Acme' },
  kyc: [],
  customFields: [],
  privacy: { collectIp: false },
  providers: [],
  security: {},
  sdk: {},
};

// The schemas arrive through a lazy import(); the first one in a cold test worker can take longer than
// waitFor's 1 s while vite transforms zod. Warm the module once so these tests time the hooks, not that.
beforeAll(async () => {
  await loadContract();
});

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function setup(handlers: Record<string, FakeHandler> = {}) {
  const fake = createFakeFetch(
    routeTable({ 'GET /settings': () => json(200, settingsBody), 'POST /revoke': () => json(200, { ok: true }), ...handlers }),
  );
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
  });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  return { client, wrapper, requests: fake.requests };
}

describe('useLatchkey', () => {
  it('default: the client, and the settings loaded by the provider', async () => {
    const { client, wrapper, requests } = setup();
    const { result } = renderHook(() => useLatchkey(), { wrapper });
    expect(result.current.client).toBe(client);
    await waitFor(() => expect(result.current.settingsStatus).toBe('ready'));
    expect(result.current.settings?.general.displayName).toBe('Acme');
    expect(result.current.settingsError).toBeUndefined();
    expect(requests.filter((r) => r.url.pathname.endsWith('/settings'))).toHaveLength(1);
  });

  it('error: a failed load is settingsStatus failed with a coded settingsError', async () => {
    const { wrapper } = setup({ 'GET /settings': () => errorBody(500, 'internal_error', 'Boom') });
    const { result } = renderHook(() => useLatchkey(), { wrapper });
    expect(result.current.settingsStatus).toBe('loading');
    await waitFor(() => expect(result.current.settingsStatus).toBe('failed'));
    expect(result.current.settingsError).toMatchObject({ code: 'internal_error', message: 'Boom' });
  });

  it('error: outside a provider the hooks throw missing_provider', () => {
    for (const hook of [useLatchkey, useSession, useUser, useEmailSignIn]) {
      expect(() => renderHook(() => hook())).toThrow('Latchkey hooks must be used inside <LatchkeyProvider>.');
    }
  });
});

describe('useSession', () => {
  it('default: restoring → signedOut → signedIn with the user; signOut revokes', async () => {
    const { client, wrapper, requests } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(['restoring', 'signedOut']).toContain(result.current.status);
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(result.current.user).toBeUndefined();

    const response = fakeSignIn(Date.now() + 3_600_000);
    act(() => client.session.send({ type: 'server.signedIn', response }));
    expect(result.current).toMatchObject({ status: 'signedIn', expiresAt: response.expiresAt, isBusy: false });
    expect(result.current.user?.email).toBe('ada@example.com');

    await act(() => result.current.signOutAsync());
    expect(result.current.status).toBe('signedOut');
    expect(result.current.user).toBeUndefined();
    expect(requests.some((r) => r.url.pathname.endsWith('/revoke') && r.headers.get('authorization') === `Bearer ${response.jwt}`)).toBe(true);
  });

  it('behavior: narrow re-renders — a session reader ignores settings, a settings reader ignores the session', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { client, wrapper } = setup({
      'GET /settings': async () => {
        await gate;
        return json(200, settingsBody);
      },
    });
    let sessionRenders = 0;
    let settingsRenders = 0;
    const session = renderHook(
      () => {
        sessionRenders += 1;
        return useSession();
      },
      { wrapper },
    );
    const settings = renderHook(
      () => {
        settingsRenders += 1;
        return useLatchkey();
      },
      { wrapper },
    );
    await waitFor(() => expect(session.result.current.status).toBe('signedOut'));
    expect(client.settings.get().status).toBe('loading');

    const sessionBefore = sessionRenders;
    release();
    await waitFor(() => expect(settings.result.current.settingsStatus).toBe('ready'));
    expect(sessionRenders).toBe(sessionBefore);

    const settingsBefore = settingsRenders;
    const view = settings.result.current;
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    expect(session.result.current.status).toBe('signedIn');
    expect(settingsRenders).toBe(settingsBefore);

    const sessionView = session.result.current;
    session.rerender();
    settings.rerender();
    expect(session.result.current).toBe(sessionView);
    expect(settings.result.current).toBe(view);
  });
});

describe('useUser', () => {
  it('default: signedOut without a user; ready when signed in; updateUser updates everyone', async () => {
    const { client, wrapper, requests } = setup({
      'PUT /users': (request) => json(200, { user: fakeUser(request.body as Record<string, unknown>) }),
      'GET /users': () => json(200, { user: fakeUser({ firstName: 'Reloaded' }) }),
    });
    const { result } = renderHook(() => ({ user: useUser(), session: useSession() }), { wrapper });
    await waitFor(() => expect(result.current.user.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    expect(result.current.user.status).toBe('ready');

    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = result.current.user.updateUserAsync({ firstName: 'Grace' });
    });
    expect(result.current.user.status).toBe('updating');
    await act(async () => {
      await expect(pending).resolves.toMatchObject({ firstName: 'Grace' });
    });
    expect(result.current.user).toMatchObject({ status: 'ready', error: undefined });
    expect(result.current.user.user?.firstName).toBe('Grace');
    expect(result.current.session.user?.firstName).toBe('Grace');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ firstName: 'Grace' });

    await act(async () => {
      await result.current.user.reloadUserAsync();
    });
    expect(result.current.session.user?.firstName).toBe('Reloaded');
  });

  it('error: a refused update resolves undefined and sets a coded error; the user is unchanged', async () => {
    const { client, wrapper, requests } = setup({
      'PUT /users': () => errorBody(409, 'username_already_exists', 'That username is taken.', 'username'),
    });
    const { result } = renderHook(() => useUser(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) }));
    await act(async () => {
      await expect(result.current.updateUserAsync({ username: 'taken' })).resolves.toBeUndefined();
    });
    expect(result.current.status).toBe('ready');
    expect(result.current.error).toMatchObject({ code: 'username_already_exists', message: 'That username is taken.', path: 'username' });
    expect(result.current.user?.username).toBeUndefined();

    await act(async () => {
      await expect(result.current.updateUserAsync({ isAdmin: true } as never)).resolves.toBeUndefined();
    });
    expect(result.current.error?.code).toBe('invalid_request');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});

describe('useEmailSignIn', () => {
  it('default: send code → wrong code → right code → done, and the session is signed in', async () => {
    let attempts = 0;
    const { wrapper } = setup({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/signin': () =>
        ++attempts === 1
          ? errorBody(400, 'wrong_email_verification_token', 'The code is invalid or expired.', 'verificationToken')
          : json(200, fakeSignIn(Date.now() + 3_600_000)),
    });
    const { result } = renderHook(() => ({ flow: useEmailSignIn(), session: useSession() }), { wrapper });
    expect(result.current.flow).toMatchObject({ status: 'idle', email: undefined, error: undefined, isBusy: false });
    const { sendCode, submitCode } = result.current.flow;

    act(() => result.current.flow.sendCode('nope'));
    expect(result.current.flow.status).toBe('idle');
    expect(result.current.flow.error?.code).toBe('invalid_email_address');

    act(() => result.current.flow.sendCode('ada@example.com'));
    expect(result.current.flow).toMatchObject({ status: 'sendingCode', isBusy: true, email: 'ada@example.com', error: undefined });
    await waitFor(() => expect(result.current.flow.status).toBe('awaitingCode'));

    act(() => result.current.flow.submitCode('000000'));
    expect(result.current.flow.status).toBe('verifying');
    await waitFor(() => expect(result.current.flow.status).toBe('awaitingCode'));
    expect(result.current.flow.error).toMatchObject({ code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' });

    act(() => result.current.flow.submitCode('123456'));
    await waitFor(() => expect(result.current.flow.status).toBe('done'));
    expect(result.current.session.status).toBe('signedIn');
    // Commands are stable across renders.
    expect(result.current.flow.sendCode).toBe(sendCode);
    expect(result.current.flow.submitCode).toBe(submitCode);
  });

  it("error: the attempt limit → failed with 'Too many email verification attempts.'; reset → idle", async () => {
    const { wrapper } = setup({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/signin': () => errorBody(429, 'too_many_email_verification_attempts', 'x'),
    });
    const { result } = renderHook(() => useEmailSignIn(), { wrapper });
    act(() => result.current.sendCode('ada@example.com'));
    await waitFor(() => expect(result.current.status).toBe('awaitingCode'));
    act(() => result.current.submitCode('000000'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error?.message).toBe('Too many email verification attempts.');
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', error: undefined, email: undefined });
  });

  it('behavior: resendCode and cancel', async () => {
    const { wrapper, requests } = setup({
      'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }),
      'POST /emailVerifications/retry': () => json(200, { verificationUUID: UUID }),
    });
    const { result } = renderHook(() => useEmailSignIn(), { wrapper });
    act(() => result.current.sendCode('ada@example.com'));
    await waitFor(() => expect(result.current.status).toBe('awaitingCode'));
    act(() => result.current.resendCode());
    expect(result.current.status).toBe('sendingCode');
    await waitFor(() => expect(result.current.status).toBe('awaitingCode'));
    expect(requests.filter((r) => r.url.pathname.endsWith('/retry'))).toHaveLength(1);
    act(() => result.current.cancel());
    expect(result.current).toMatchObject({ status: 'idle', email: undefined });
  });

  it('behavior: each caller gets its own flow', async () => {
    const { wrapper } = setup({ 'POST /emailVerifications/create': () => json(200, { verificationUUID: UUID }) });
    const { result } = renderHook(() => ({ a: useEmailSignIn(), b: useEmailSignIn() }), { wrapper });
    act(() => result.current.a.sendCode('ada@example.com'));
    await waitFor(() => expect(result.current.a.status).toBe('awaitingCode'));
    expect(result.current.b.status).toBe('idle');
  });
});
