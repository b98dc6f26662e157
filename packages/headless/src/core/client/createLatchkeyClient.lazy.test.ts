import { waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable } from '../../test/fakeFetch.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { createLatchkeyClient, type LatchkeyClient } from './createLatchkeyClient.js';

// The schemas module arrives only when the test opens the gate, like a slow lazy chunk.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened, imports: 0 };
});
vi.mock('../contract/contract.js', async (importOriginal) => {
  gate.imports += 1;
  await gate.opened;
  return importOriginal();
});

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

function make(stored?: { jwt: string; expiresAt: string }) {
  const fake = createFakeFetch(routeTable({ 'GET /users': () => json(200, { user: fakeUser({ firstName: 'Ada' }) }) }));
  const storage = createMemoryStorage(stored ? { [`latchkey:${ENVIRONMENT_ID}:auth`]: JSON.stringify(stored) } : {});
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage, console: false, sendLogs: false });
  clients.push(client);
  const status = () => getSessionStatus(client.session.getSnapshot());
  return { client, requests: fake.requests, status };
}

describe('createLatchkeyClient while the schemas load', () => {
  it('behavior: a stored session stays restoring until the schemas arrive and GET /users answers; with nothing stored it is signedOut at once', async () => {
    const { jwt, expiresAt } = fakeSignIn(Date.now() + 3_600_000);
    const restoring = make({ jwt, expiresAt });
    const anonymous = make();
    // The session (and xstate) loads on first use: here, a first read.
    expect(restoring.status()).toBe('restoring');

    // Nothing to restore: no schemas needed, signed out straight away.
    await waitFor(anonymous.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    // A token to restore: GET /users needs the schemas, so the session is honestly still restoring.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(restoring.status()).toBe('restoring');
    expect(restoring.requests).toHaveLength(0);
    expect(gate.imports).toBe(1);

    gate.open();
    await waitFor(restoring.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    expect(restoring.client.session.getSnapshot().context.user?.firstName).toBe('Ada');
    expect(restoring.requests.map((request) => `${request.method} ${request.headers.get('authorization')}`)).toEqual([`GET Bearer ${jwt}`]);
  });
});
