import { randomUUID } from 'node:crypto';
import { waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../sandbox/src/index.js';
import { getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { getUser } from '../actions/getUser.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import { createLatchkeyClient, type LatchkeyClient } from '../client/createLatchkeyClient.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import type { StorageAdapter } from '../storage/StorageAdapter.js';
import { COOKIE_SESSION_KEY } from './cookieSession.js';

/**
 * Cookie session storage against a sandbox of its own (its settings switch to cookie sessions, which must not reach
 * the shared one): a fetch with a cookie jar that, as a browser does, sends and takes cookies only with
 * `credentials: 'include'`.
 */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: 'memory', quiet: true });
  const response = await fetch(`${sandbox.url}/sandbox/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ security: { auth: { storage: ['cookie'] } } }),
  });
  expect(response.status).toBe(200);
});
afterAll(() => sandbox?.close());

function cookieJar() {
  const jar = new Map<string, string>();
  const requests: { url: string; cookie: string | null; authorization: string | null }[] = [];
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const withCredentials = init.credentials === 'include';
    if (withCredentials && jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    requests.push({ url: String(input), cookie: headers.get('cookie'), authorization: headers.get('authorization') });
    const response = await fetch(input, { ...init, headers });
    if (withCredentials) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(/;\s*/);
        const [name = '', value = ''] = pair.split('=');
        if (attributes.includes('Max-Age=0') || value === '') jar.delete(name);
        else jar.set(name, value);
      }
    }
    return response;
  };
  return { jar, requests, fetch: jarFetch };
}

const clients: LatchkeyClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.destroy())));

async function client(storage: StorageAdapter, doFetch: typeof fetch) {
  const made = createLatchkeyClient({ environmentId: sandbox.info.environmentId, apiBaseUrl: sandbox.info.apiBaseUrl, fetch: doFetch, storage, console: false, sendLogs: false });
  clients.push(made);
  // A page loads its settings first (the provider does).
  await made.settings.load();
  await waitFor(made.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  return made;
}

async function signIn(target: LatchkeyClient, email: string) {
  const { verificationUUID } = await createEmailVerification(target, { email });
  const code = await getLatestCode({ sandboxUrl: sandbox.url, to: email });
  const response = await signInWithEmailVerification(target, { verificationUUID, verificationToken: code });
  target.session.send({ type: 'server.signedIn', response });
  await waitFor(target.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
}

describe('cookie sessions (security.auth.storage: cookie), against the sandbox', () => {
  it('behavior: sign in stores no token, a reload restores through the cookie, sign out clears it', async () => {
    const storage = createMemoryStorage();
    const browser = cookieJar();
    const first = await client(storage, browser.fetch);
    const email = `cookie-${randomUUID()}@example.com`;
    await signIn(first, email);
    // The token is nowhere in the kit's storage: only the cookie (HttpOnly, held by the "browser") has it.
    expect(browser.jar.get('latchkey_session')).toBe(first.session.getSnapshot().context.jwt);
    expect(storage.getItem(first.storage.keyFor('auth'))).toBeNull();
    expect(JSON.parse(storage.getItem(first.storage.keyFor(COOKIE_SESSION_KEY)) ?? '{}')).toEqual({ expiresAt: first.session.getSnapshot().context.expiresAt });

    // A reload: a new client on the same storage and cookies is signed in again, by the cookie alone.
    const reloaded = await client(storage, browser.fetch);
    expect(getSessionStatus(reloaded.session.getSnapshot())).toBe('signedIn');
    expect(reloaded.session.getSnapshot().context.user?.email).toBe(email);
    const restore = [...browser.requests].reverse().find((request) => request.url.endsWith('/refresh'));
    expect(restore).toMatchObject({ authorization: null, cookie: expect.stringContaining('latchkey_session=') });
    expect((await getUser(reloaded)).email).toBe(email);

    reloaded.session.send({ type: 'user.signOut' });
    await waitFor(reloaded.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    expect(browser.jar.has('latchkey_session')).toBe(false);
    expect(storage.getItem(first.storage.keyFor(COOKIE_SESSION_KEY))).toBeNull();
    const afterSignOut = await client(storage, browser.fetch);
    expect(getSessionStatus(afterSignOut.session.getSnapshot())).toBe('signedOut');
  });

  it("error: an invalid or expired cookie restores nothing and says 'The cookie is invalid or expired'", async () => {
    const storage = createMemoryStorage();
    const browser = cookieJar();
    const first = await client(storage, browser.fetch);
    await signIn(first, `cookie-${randomUUID()}@example.com`);
    browser.jar.set('latchkey_session', `${browser.jar.get('latchkey_session')!.slice(0, -4)}AAAA`);

    const reloaded = await client(storage, browser.fetch);
    const snapshot = reloaded.session.getSnapshot();
    expect(getSessionStatus(snapshot)).toBe('signedOut');
    expect(snapshot.context.error).toMatchObject({ code: 'cookie_invalid_or_expired', message: 'The cookie is invalid or expired', status: 401 });
    // The marker is gone: the next load does not ask again.
    expect(storage.getItem(first.storage.keyFor(COOKIE_SESSION_KEY))).toBeNull();
  });
});
