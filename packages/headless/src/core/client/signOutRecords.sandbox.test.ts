import { randomUUID } from 'node:crypto';
import { waitFor } from 'xstate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestClient, getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import type { ValueParser } from '../storage/createStore.js';
import type { LatchkeyClient } from './createLatchkeyClient.js';

// What the kit stored of the signed-in user's wallets and attempts does not outlive a sign-out.

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

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

const ended = (client: LatchkeyClient) => waitFor(client.session, (snapshot) => snapshot.matches('anonymous'));

describe("sign-out forgets the kit's records of the user's wallets and attempts", () => {
  const anything: ValueParser<unknown> = { safeParse: (value) => ({ success: true, data: value }) };
  const records: Record<string, unknown> = {
    'mobileWallet:connection': { wallet: 'phantom', address: 'addr', session: 'session', dappPublicKey: 'pub', dappSecretKey: 'secret', walletEncryptionPublicKey: 'enc', connectedAt: 1 },
    'mobileWallet:pending': { id: 'req', kind: 'connect', wallet: 'phantom', createdAt: 1, dappPublicKey: 'pub', dappSecretKey: 'secret' },
    'mobileWallet:result': { id: 'req', kind: 'signMessage', input: 'in', output: 'out' },
    'mobileWallet:signIn': { purpose: 'link', links: { key: 'phantom', name: 'Phantom', universal: 'https://phantom.app/ul/' }, createdAt: 1 },
    walletConnection: { key: 'phantom', address: 'addr' },
    socialRedirect: { provider: 'google', purpose: 'link', state: 'state', verifier: 'verifier', createdAt: 1 },
  };
  for (const everywhere of [false, true]) {
    it(`behavior: user.signOut${everywhere ? ' everywhere' : ''} → the mobile-wallet connection, request, result and sign-in records, the wallet connection and a pending social redirect are removed`, async () => {
      const client = await signedIn();
      for (const [key, value] of Object.entries(records)) client.storage.set(key, value);
      client.session.send({ type: 'user.signOut', everywhere });
      await ended(client);
      await expect.poll(() => Object.keys(records).filter((key) => client.storage.get(key, anything) !== undefined), { timeout: 5000 }).toEqual([]);
    });
  }
});
