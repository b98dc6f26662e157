import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUser } from '../actions/getUser.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable } from '../../test/fakeFetch.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createLatchkeyClient, type LatchkeyClient } from './createLatchkeyClient.js';

// The session machine's chunk arrives only when the test opens the gate, like a slow network.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
});
vi.mock('../session/startSession.js', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

describe('createLatchkeyClient while the session machine loads', () => {
  it('behavior: a request made right after the first sign-in waits for the session and carries its token', async () => {
    // The schemas are in already (a request happened before, say): only the session's chunk is missing.
    await import('../contract/contract.js');
    const fake = createFakeFetch(routeTable({ 'GET /users': () => json(200, { user: fakeUser({ firstName: 'Ada' }) }) }));
    const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage({}), console: false, sendLogs: false });
    clients.push(client);
    // No read, no subscriber before: the sign-in is the session's first use, so its machine starts loading now.
    const response = fakeSignIn(Date.now() + 3_600_000);
    client.session.send({ type: 'server.signedIn', response });
    const user = getUser(client);
    setTimeout(gate.open, 50);
    expect((await user).firstName).toBe('Ada');
    expect(fake.requests.map((request) => request.headers.get('authorization'))).toEqual([`Bearer ${response.jwt}`]);
  });
});
