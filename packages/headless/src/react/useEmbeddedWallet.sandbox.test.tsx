import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { act, renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createIndexedDbSessionKeyStore, createMemorySessionKeyStore } from '../core/embedded/stampers/sessionKeyStore.js';
import { createTestClient, getLatestCode, getSandboxInfo } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmbeddedWallet } from './useEmbeddedWallet.js';
import { useSession } from './useSession.js';
import type { WebAuthnLoader } from '../core/webauthn/WebAuthnCeremonies.js';
import { createFakeWebAuthn } from '../test/fakeWebAuthn.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** `embeddedWallets` overrides the project's `sdk.embeddedWallets` as this client reads them (the shared sandbox's stay). */
async function renderWallet(options: { appName?: string; webauthn?: WebAuthnLoader; embeddedWallets?: Record<string, unknown>; strict?: boolean } = {}) {
  const settingsFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!options.embeddedWallets || !String(input instanceof Request ? input.url : input).endsWith('/settings')) return response;
    const settings = await response.json();
    settings.sdk.embeddedWallets = { ...settings.sdk.embeddedWallets, ...options.embeddedWallets };
    return new Response(JSON.stringify(settings), { status: response.status, headers: response.headers });
  };
  const client = await createTestClient({ sandboxUrl, fetch: settingsFetch, ...(options.webauthn ? { webauthn: options.webauthn } : {}) });
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
  it('behavior: an inline store (a new object each render) keeps one client; a new base URL makes a new one', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const { custodyBaseUrl } = await getSandboxInfo({ sandboxUrl });
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result, rerender } = renderHook(({ baseUrl }) => useEmbeddedWallet({ appName: 'Latchkey tests', baseUrl, store: createMemorySessionKeyStore() }), {
      wrapper,
      initialProps: { baseUrl: custodyBaseUrl },
    });
    const first = result.current.wallet;
    rerender({ baseUrl: custodyBaseUrl });
    rerender({ baseUrl: custodyBaseUrl });
    expect(result.current.wallet).toBe(first);
    rerender({ baseUrl: `${custodyBaseUrl}/` });
    expect(result.current.wallet).not.toBe(first);
    expect(first.session.getSnapshot().status).toBe('stopped');
  });

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
    const { client, result, rerender } = await renderWallet();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => signIn(client));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.wallet).toMatchObject({ status: 'none', account: undefined, signer: undefined, error: undefined });

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

    // A ready signer for the send flow: the wallet's address, a real ed25519 signature, the same object across renders.
    const signer = result.current.wallet.signer;
    expect(signer?.address).toBe(result.current.wallet.account?.address);
    const message = new TextEncoder().encode('signer check');
    const signed = await signer!.signMessage(message);
    expect(ed25519.verify(signed, message, base58.decode(signer!.address))).toBe(true);
    rerender();
    expect(result.current.wallet.signer).toBe(signer);
  });

  it('behavior: two hook instances share one wallet and its busy and error state (the client keeps it, the hooks subscribe)', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const { custodyBaseUrl } = await getSandboxInfo({ sandboxUrl });
    const store = createMemorySessionKeyStore();
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(
      () => ({
        first: useEmbeddedWallet({ appName: 'Latchkey tests', baseUrl: custodyBaseUrl, store }),
        second: useEmbeddedWallet({ appName: 'Latchkey tests', baseUrl: custodyBaseUrl, store }),
      }),
      { wrapper },
    );
    expect(result.current.second.wallet).toBe(result.current.first.wallet);
    expect(result.current.second.isBusy).toBe(false);
    let pending: Promise<unknown> | undefined;
    act(() => {
      pending = result.current.first.create();
    });
    expect(result.current.second.isBusy).toBe(true);
    await act(async () => void (await pending));
    // Signed out: creating fails, and the other instance shows the same failure.
    expect(result.current.first.error?.code).toBe('no_custody_account');
    expect(result.current.second.error?.code).toBe('no_custody_account');
    expect(result.current.second.isBusy).toBe(false);
  });

  it('default: the configuration comes from createLatchkeyClient({ embeddedWallet }); the hook\'s parameters win over it', async () => {
    const { custodyBaseUrl } = await getSandboxInfo({ sandboxUrl });
    const client = await createTestClient({ sandboxUrl, embeddedWallet: { appName: 'From the client', baseUrl: custodyBaseUrl, store: createMemorySessionKeyStore() } });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => ({ configured: useEmbeddedWallet(), overridden: useEmbeddedWallet({ appName: 'From the hook' }) }), { wrapper });
    expect(result.current.configured.wallet.appName).toBe('From the client');
    expect(result.current.configured.wallet.baseUrl).toBe(custodyBaseUrl);
    expect(result.current.overridden.wallet.appName).toBe('From the hook');
    expect(result.current.overridden.wallet.baseUrl).toBe(custodyBaseUrl);
    expect(result.current.overridden.wallet).not.toBe(result.current.configured.wallet);
  });

  it("error: without a configuration on the client or the hook, 'Embedded wallet requires app name and base URL'", async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    expect(() => renderHook(() => useEmbeddedWallet(), { wrapper })).toThrow('Embedded wallet requires app name and base URL');
  });

  it("error: 'Embedded wallet requires app name and base URL' at configuration", async () => {
    await expect(renderWallet({ appName: '' })).rejects.toThrow('Embedded wallet requires app name and base URL');
  });

  it('default: settings follow the project (forceAuthenticator, allowSkipping, promptForKeyExport, emailRecoveryEnabled)', async () => {
    const { result } = await renderWallet({ embeddedWallets: { allowSkippingAuthenticatorAtSignup: true, promptForKeyExport: true, emailRecoveryEnabled: true } });
    await waitFor(() => expect(result.current.wallet.settings).toBeDefined());
    expect(result.current.wallet.settings).toEqual({ forceAuthenticator: false, allowSkipping: true, promptForKeyExport: true, emailRecoveryEnabled: true });
    const plain = await renderWallet({ embeddedWallets: { forceAuthenticatorAtSignup: true, emailRecoveryEnabled: false } });
    await waitFor(() => expect(plain.result.current.wallet.settings).toEqual({ forceAuthenticator: true, allowSkipping: false, promptForKeyExport: false, emailRecoveryEnabled: false }));
  });

  it("error: create({ withPasskey: true }) without WebAuthn → error 'Webauthn is not supported on this device.', no wallet", async () => {
    const { client, result } = await renderWallet({ webauthn: async () => createFakeWebAuthn({ supported: false }) });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => signIn(client));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    let created: unknown = 'not called';
    await act(async () => {
      created = await result.current.wallet.create({ withPasskey: true });
    });
    expect(created).toBeUndefined();
    expect(result.current.wallet.error).toMatchObject({ code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' });
    expect(result.current.wallet).toMatchObject({ status: 'none', account: undefined, isBusy: false });
  });

  it('error: forceAuthenticatorAtSignup → create() without a passkey is refused with invalid_embedded_wallet_settings', async () => {
    const { client, result } = await renderWallet({ embeddedWallets: { forceAuthenticatorAtSignup: true } });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await act(() => signIn(client));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    await act(async () => void (await result.current.wallet.create()));
    expect(result.current.wallet.error).toMatchObject({ code: 'invalid_embedded_wallet_settings', message: 'This project requires a passkey to create an embedded wallet.' });
    expect(result.current.wallet.account).toBeUndefined();
  });
});
