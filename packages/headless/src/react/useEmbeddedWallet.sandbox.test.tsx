import { randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createIndexedDbSessionKeyStore } from '../core/embedded/stampers/sessionKeyStore.js';
import { createTestClient, getLatestCode, getSandboxInfo } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmbeddedWallet } from './useEmbeddedWallet.js';
import { useSession } from './useSession.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

async function renderWallet(options: { appName?: string; strict?: boolean } = {}) {
  const client = await createTestClient({ sandboxUrl });
  clients.push(client);
  const { custodyBaseUrl } = await getSandboxInfo({ sandboxUrl });
  const store = createIndexedDbSessionKeyStore({ indexedDB: new IDBFactory() });
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const rendered = renderHook(() => ({ session: useSession(), wallet: useEmbeddedWallet({ appName: options.appName ?? 'Latchkey tests', baseUrl: custodyBaseUrl, store }) }), {
    wrapper,
    reactStrictMode: options.strict === true,
  });
  return { client, ...rendered };
}

async function signIn(client: LatchkeyClient) {
  const email = `hook-${randomUUID()}@example.com`;
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
}

describe('useEmbeddedWallet (against the sandbox)', () => {
  it('behavior: under StrictMode (mount, unmount, mount) the wallet still works: the first client is stopped and replaced', async () => {
    const { client, result } = await renderWallet({ strict: true });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => signIn(client));
    await act(async () => void (await result.current.wallet.create()));
    await waitFor(() => expect(result.current.wallet.status).toBe('active'));
    expect(result.current.wallet.wallet.session.getSnapshot().status).toBe('active');
    let signature: Uint8Array | undefined;
    await act(async () => {
      signature = await result.current.wallet.signMessage(new Uint8Array([4, 5, 6]));
    });
    expect(result.current.wallet.error).toBeUndefined();
    expect(signature).toHaveLength(64);
  });

  it("default: none → create → active with an expiry → signMessage; without a wallet 'No custody account'", async () => {
    const { client, result } = await renderWallet();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => signIn(client));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.wallet).toMatchObject({ status: 'none', account: undefined, error: undefined });

    await act(() => result.current.wallet.openSession());
    expect(result.current.wallet.error?.message).toBe('No custody account');

    await act(async () => void (await result.current.wallet.create()));
    await waitFor(() => expect(result.current.wallet.status).toBe('active'));
    expect(result.current.wallet.account?.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(result.current.wallet.expiresAt).toBeGreaterThan(Date.now());
    expect(result.current.wallet.error).toBeUndefined();

    let signature: Uint8Array | undefined;
    await act(async () => {
      signature = await result.current.wallet.signMessage(new Uint8Array([1, 2, 3]));
    });
    expect(signature).toHaveLength(64);
    expect(result.current.wallet.isBusy).toBe(false);
  });

  it("error: 'Embedded wallet requires app name and base URL' at configuration", async () => {
    await expect(renderWallet({ appName: '' })).rejects.toThrow('Embedded wallet requires app name and base URL');
  });
});
