import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createTestWallet } from '../../testing/createTestWallet.js';
import { createTestClient } from '../../testing/sandbox.js';
import { unlinkCredential } from '../actions/unlinkCredential.js';
import type { LatchkeyClient } from '../client/createLatchkeyClient.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { walletSignInMachine } from '../machines/walletSignIn/walletSignInMachine.js';
import { createWalletConnector } from '../wallets/connector/createWalletConnector.js';

const sandboxUrl = inject('sandboxUrl');
const page = () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

interface StoredEvent {
  anonymousId: string;
  event: string;
  properties: Record<string, unknown>;
  type: string;
}

async function storedEvents(anonymousId: string): Promise<StoredEvent[]> {
  const response = await fetch(`${sandboxUrl}/sandbox/admin/events?anonymousId=${encodeURIComponent(anonymousId)}`);
  return (await response.json()) as StoredEvent[];
}

describe('lifecycle events against the sandbox (host callbacks and POST /events)', () => {
  it('default: wallet sign-in, a second wallet linked then unlinked, sign-out — each callback once, the events stored by the sandbox', async () => {
    const calls: string[] = [];
    const latchkey = await createTestClient({
      sandboxUrl,
      callbacks: {
        onAuthInit: ({ method }) => calls.push(`init:${method}`),
        onAuthSuccess: ({ restored }) => calls.push(`success:${restored}`),
        onWalletConnected: ({ walletName }) => calls.push(`connected:${walletName}`),
        onWalletAdded: ({ walletName }) => calls.push(`added:${walletName}`),
        onWalletRemoved: () => calls.push('removed'),
        onLogout: () => calls.push('logout'),
      },
    });
    clients.push(latchkey);
    await waitFor(latchkey.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');

    const actor = createActor(walletSignInMachine, { input: { client: latchkey, page } }).start();
    actor.send({ type: 'user.connect', connector: createWalletConnector(createTestWallet(), 'testwallet') });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    await waitFor(latchkey.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    actor.send({ type: 'user.reset' });
    const second = createTestWallet({ name: 'Second Wallet' });
    actor.send({ type: 'user.connect', connector: createWalletConnector(second, 'secondwallet'), purpose: 'link' });
    await waitFor(actor, (snapshot) => snapshot.matches('done') || snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBeUndefined();
    const linked = latchkey.session.getSnapshot().context.user?.verifiedCredentials.find((credential) => credential.address === second.address);
    await unlinkCredential(latchkey, { verifiedCredentialId: String(linked?.id) });
    latchkey.session.send({ type: 'user.signOut' });
    await waitFor(latchkey.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    actor.stop();

    await vi.waitFor(() => expect(calls).toContain('logout'));
    expect(calls).toEqual(['connected:testwallet', 'init:wallet', 'success:false', 'connected:secondwallet', 'added:secondwallet', 'removed', 'logout']);

    await latchkey.destroy();
    const anonymousId = latchkey.storage.get('anonymousId', { safeParse: (value: unknown) => ({ success: true as const, data: String(value) }) });
    expect(anonymousId).toBeTruthy();
    const events = await storedEvents(anonymousId as string);
    expect(events.map((event) => event.event)).toEqual(['walletConnected', 'signInStarted', 'signInSucceeded', 'walletConnected', 'walletLinked', 'walletUnlinked', 'signedOut']);
    expect(events.every((event) => event.type === 'track')).toBe(true);
    expect(events.find((event) => event.event === 'walletLinked')?.properties).toEqual({ walletName: 'secondwallet', chain: 'SOL', transferred: false });
    expect(JSON.stringify(events)).not.toContain(second.address);
  });

  it('behavior: analytics: false — the same visit stores nothing', async () => {
    const latchkey = await createTestClient({ sandboxUrl, analytics: false });
    clients.push(latchkey);
    await waitFor(latchkey.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    const actor = createActor(walletSignInMachine, { input: { client: latchkey, page } }).start();
    actor.send({ type: 'user.connect', connector: createWalletConnector(createTestWallet(), 'testwallet') });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    await latchkey.destroy();
    expect(latchkey.storage.get('anonymousId', { safeParse: (value: unknown) => ({ success: true as const, data: value }) })).toBeUndefined();
  });
});
