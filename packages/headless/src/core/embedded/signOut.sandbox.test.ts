import { randomUUID } from 'node:crypto';
import { indexedDB } from 'fake-indexeddb';
import { waitFor } from 'xstate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestClient, getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../client/createLatchkeyClient.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import type { SessionEvent } from '../machines/session/sessionTypes.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import { toHex } from './bytes.js';
import { createCustodyApi, type CustodyApi } from './custody/createCustodyApi.js';
import { createEmbeddedWalletClient, type EmbeddedWalletClient } from './createEmbeddedWalletClient.js';
import { createSessionKeyStamper } from './stampers/createSessionKeyStamper.js';
import { createIndexedDbSessionKeyStore } from './stampers/sessionKeyStore.js';

// The embedded wallet's session key does not outlive the session: gone from IndexedDB, and its API key deleted at custody.

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
const wallets: EmbeddedWalletClient[] = [];
afterEach(async () => {
  wallets.splice(0).forEach((wallet) => wallet.stop());
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

let info: { custodyBaseUrl: string } | undefined;
async function custodyBaseUrl() {
  info ??= (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { custodyBaseUrl: string };
  return info.custodyBaseUrl;
}

async function signedIn() {
  const email = `signout-${randomUUID()}@example.com`;
  const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage() });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
  return client;
}

/** A signed-in user with an embedded wallet, its stored session key and the id it is stored under. */
async function withWallet(options: { custody?: CustodyApi } = {}) {
  const client = await signedIn();
  const store = createIndexedDbSessionKeyStore({ indexedDB });
  const embedded = createEmbeddedWalletClient(client, { appName: 'Latchkey tests', baseUrl: await custodyBaseUrl(), store }, options.custody ? { custody: options.custody } : {});
  wallets.push(embedded);
  const account = await embedded.createWallet();
  const id = `${client.environmentId}:${client.session.getSnapshot().context.user!.id}`;
  const stored = await store.get(id);
  expect(stored).toBeDefined();
  return { client, store, account, id, stored: stored! };
}

/** The PoC's request: a raw payload signed with the stored key, straight at custody. */
async function signWith(stored: { privateKey: CryptoKey; publicKey: string }, account: { organizationId: string; address: string }) {
  const custody = createCustodyApi({ baseUrl: await custodyBaseUrl() });
  return custody.submit(
    'sign_raw_payload',
    'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    account.organizationId,
    { signWith: account.address, payload: toHex(new Uint8Array([1, 2, 3])), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
    createSessionKeyStamper(stored),
  );
}

const ended = (client: LatchkeyClient) => waitFor(client.session, (snapshot) => snapshot.matches('anonymous'));

describe('sign-out forgets the embedded wallet session key', () => {
  const endings: [string, SessionEvent][] = [
    ['user.signOut', { type: 'user.signOut' }],
    ['user.signOut everywhere', { type: 'user.signOut', everywhere: true }],
    ['the session rejected (expired)', { type: 'server.sessionRejected' }],
  ];
  for (const [name, event] of endings) {
    it(`behavior: ${name} → the key is gone from IndexedDB and custody refuses a request stamped with it`, async () => {
      const { client, store, account, id, stored } = await withWallet();
      // The key works before (the check below can fail).
      expect(await signWith(stored, account)).toMatchObject({ r: expect.any(String) });
      client.session.send(event);
      await ended(client);
      await expect.poll(() => store.get(id), { timeout: 5000 }).toBeUndefined();
      await expect.poll(() => signWith(stored, account).then(() => 'accepted', (error: LatchkeyError) => error.code), { timeout: 5000 }).toBe('custody_public_key_not_found');
    });
  }

  it('behavior: custody unreachable → the sign-out still ends and the key is still gone from IndexedDB', async () => {
    const unreachable: CustodyApi = {
      query: async () => {
        throw new LatchkeyError('network_error');
      },
      submit: async () => {
        throw new LatchkeyError('network_error');
      },
    };
    const { client, store, id } = await withWallet({ custody: unreachable });
    client.session.send({ type: 'user.signOut' });
    await ended(client);
    await expect.poll(() => store.get(id), { timeout: 5000 }).toBeUndefined();
  });
});
