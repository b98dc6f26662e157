import { waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable } from '../../test/fakeFetch.js';
import { getUser } from '../actions/getUser.js';
import { createLatchkeyClient, type LatchkeyClient } from './createLatchkeyClient.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { USER_RECORD_KEYS } from '../storage/userRecords.js';

// The user's records (a mobile wallet's dapp secret key and wallet session, a social redirect's PKCE verifier, the
// external wallet connection…) end with the session however it ends: signed out, refused by the server (a 401, a user
// who lost access), run out, or found expired or refused at the next load — not left for whoever uses the browser next.
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const connection = {
  wallet: 'phantom',
  address: '11111111111111111111111111111111',
  session: 'wallet-session-of-user-1',
  dappPublicKey: 'dappPublic',
  dappSecretKey: 'dappSecretKeyOfUser1',
  walletEncryptionPublicKey: 'walletKey',
  connectedAt: 1,
};

function make(storage = createMemoryStorage(), refuse = { value: false }) {
  const fake = createFakeFetch(
    routeTable({ 'GET /users': () => (refuse.value ? errorBody(401, 'session_expired', 'Session expired') : json(200, { user: fakeSignIn(Date.now() + 3_600_000).user })) }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage, console: false, sendLogs: false, analytics: false });
  clients.push(client);
  const until = (status: string) => waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === status);
  return { client, storage, until };
}

function plantRecords(client: LatchkeyClient) {
  client.storage.set('mobileWallet:connection', connection);
  client.storage.set('socialRedirect', { provider: 'google', purpose: 'signIn', state: 's', verifier: 'pkce-verifier-of-user-1', createdAt: Date.now() });
  client.storage.set('walletConnection', { key: 'phantom', address: connection.address });
}

const leftOver = (storage: ReturnType<typeof createMemoryStorage>) =>
  USER_RECORD_KEYS.filter((key) => storage.getItem(`latchkey:${ENVIRONMENT_ID}:${key}`) !== null);

describe('user records end with the session, however it ends', () => {
  it('default: a sign-out removes them', async () => {
    const { client, storage, until } = make();
    await until('signedOut');
    client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
    plantRecords(client);
    client.session.send({ type: 'user.signOut' });
    await until('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(leftOver(storage)).toEqual([]);
  });

  it('behavior: a session the server rejects (401 on a bearer route) leaves no user record behind', async () => {
    const refuse = { value: false };
    const { client, storage, until } = make(createMemoryStorage(), refuse);
    await until('signedOut');
    client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
    plantRecords(client);
    refuse.value = true;
    await expect(getUser(client)).rejects.toMatchObject({ status: 401 });
    await until('expired');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(leftOver(storage)).toEqual([]);
  });

  it('behavior: a stored session found expired at the next page load leaves no user record behind', async () => {
    const storage = createMemoryStorage();
    // The previous visit: signed in, a mobile wallet connected, then the tab was closed; the token has since expired.
    storage.setItem(`latchkey:${ENVIRONMENT_ID}:auth`, JSON.stringify({ jwt: fakeSignIn(Date.now() - 1000).jwt, expiresAt: new Date(Date.now() - 1000).toISOString() }));
    storage.setItem(`latchkey:${ENVIRONMENT_ID}:mobileWallet:connection`, JSON.stringify(connection));
    const { until } = make(storage);
    await until('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.getItem(`latchkey:${ENVIRONMENT_ID}:auth`)).toBeNull();
    expect(leftOver(storage)).toEqual([]);
  });

  it('behavior: a stored session the server refuses at the next page load leaves no user record behind; with no stored session, a redirect under way is kept', async () => {
    const storage = createMemoryStorage();
    storage.setItem(`latchkey:${ENVIRONMENT_ID}:auth`, JSON.stringify({ jwt: fakeSignIn(Date.now() + 3_600_000).jwt, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    storage.setItem(`latchkey:${ENVIRONMENT_ID}:mobileWallet:connection`, JSON.stringify(connection));
    const { until } = make(storage, { value: true });
    await until('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.getItem(`latchkey:${ENVIRONMENT_ID}:auth`)).toBeNull();
    expect(leftOver(storage)).toEqual([]);

    // Nobody was signed in: a social sign-in's redirect under way is the page's own attempt, and stays.
    const fresh = createMemoryStorage();
    const redirect = { provider: 'google', purpose: 'signIn', state: 's', verifier: 'pkce-verifier', createdAt: Date.now() };
    fresh.setItem(`latchkey:${ENVIRONMENT_ID}:socialRedirect`, JSON.stringify(redirect));
    await make(fresh).until('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(leftOver(fresh)).toEqual(['socialRedirect']);
  });
});
