import { act, renderHook, waitFor } from '@testing-library/react';
import type { Wallet } from '@wallet-standard/base';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import type { WalletRegistry } from '../core/wallets/standard/watchRegisteredWallets.js';
import { createTestWallet } from '../testing/createTestWallet.js';
import { createTestClient } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useLatchkey } from './useLatchkey.js';
import { useSession } from './useSession.js';
import { useWalletCatalogue } from './useWalletCatalogue.js';
import { useWallets } from './useWallets.js';
import { useWalletSignIn } from './useWalletSignIn.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** A registry the test fills by hand (late registration included). */
function createRegistry(): WalletRegistry & { register(wallet: Wallet): void } {
  const wallets: Wallet[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => [...wallets],
    on: (_event, listener) => {
      const call = () => listener();
      listeners.add(call);
      return () => listeners.delete(call);
    },
    register(wallet) {
      wallets.push(wallet);
      for (const listener of listeners) listener();
    },
  };
}

describe('wallet hooks against the sandbox', () => {
  it('behavior: sdk.disabledWalletConnectors — a listed wallet is not offered, installed or not', async () => {
    const disabling: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!response.ok || !new URL(url).pathname.endsWith('/settings')) return response;
      const settings = (await response.json()) as { sdk: Record<string, unknown> };
      return new Response(JSON.stringify({ ...settings, sdk: { ...settings.sdk, disabledWalletConnectors: ['testwallet', 'glow'] } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = await createTestClient({ sandboxUrl, fetch: disabling });
    clients.push(client);
    const registry = createRegistry();
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => ({ catalogue: useWalletCatalogue(), flow: useWalletSignIn({ registry }), latchkey: useLatchkey() }), { wrapper });
    await waitFor(() => expect(result.current.catalogue.status).toBe('remote'), { timeout: 10_000 });
    // The list is the catalogue's and the registry's, less what the project's settings switch off: those too must be in.
    await waitFor(() => expect(result.current.latchkey.settings).toBeDefined(), { timeout: 10_000 });
    act(() => {
      registry.register(createTestWallet());
      registry.register(createTestWallet({ name: 'Second Wallet' }));
    });
    await waitFor(() => expect(result.current.flow.wallets.some((option) => option.key === 'secondwallet')).toBe(true));
    const keys = result.current.flow.wallets.map((option) => option.key);
    expect(keys).not.toContain('testwallet');
    expect(keys).not.toContain('glow');
    expect(keys).toContain('phantom');
  });

  it('default: the catalogue, a late wallet, sign-in, link, switch primary, unlink', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const registry = createRegistry();
    const page = () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => ({ session: useSession(), catalogue: useWalletCatalogue(), flow: useWalletSignIn({ registry, page }), linked: useWallets() }), { wrapper });

    // The sandbox serves the remote catalogue (it has Glow; the bundled one does not).
    await waitFor(() => expect(result.current.catalogue.status).toBe('remote'), { timeout: 10_000 });
    expect(Object.keys(result.current.catalogue.catalogue.wallets)).toContain('glow');
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'), { timeout: 10_000 });
    expect(result.current.flow.wallets.some((option) => option.installed)).toBe(false);

    const first = createTestWallet();
    const second = createTestWallet({ name: 'Second Wallet' });
    act(() => {
      registry.register(first);
      registry.register(second);
    });
    expect(result.current.flow.wallets.slice(0, 2).map((option) => option.key).sort()).toEqual(['secondwallet', 'testwallet']);

    act(() => result.current.flow.connect('testwallet'));
    await waitFor(() => expect(result.current.flow.status).toBe('done'), { timeout: 10_000 });
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'), { timeout: 10_000 });
    expect(result.current.linked.primaryWallet?.address).toBe(first.address);
    expect(result.current.linked.canLinkMore).toBe(true);
    // The connected wallet signs for transfers: its signer is the wallet's own account.
    expect(result.current.flow.signer?.address).toBe(first.address);

    act(() => result.current.flow.reset());
    act(() => result.current.flow.link('secondwallet'));
    await waitFor(() => expect(result.current.flow.status).toBe('done'), { timeout: 10_000 });
    await waitFor(() => expect(result.current.linked.wallets).toHaveLength(2), { timeout: 10_000 });
    expect(result.current.linked.primaryWallet?.address).toBe(first.address);

    const secondId = result.current.linked.wallets.find((wallet) => wallet.address === second.address)!.id;
    await act(() => result.current.linked.switchPrimaryAsync(secondId));
    expect(result.current.linked.primaryWallet?.address).toBe(second.address);

    await act(() => result.current.linked.unlinkAsync(secondId));
    expect(result.current.linked.wallets.map((wallet) => wallet.address)).toEqual([first.address]);
    expect(result.current.linked.error).toBeUndefined();
  });

  it("error: switching to a wallet that is not the user's keeps the list and reports invalid_wallet_id", async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const registry = createRegistry();
    registry.register(createTestWallet());
    const page = () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => ({ flow: useWalletSignIn({ registry, page }), linked: useWallets() }), { wrapper });
    await waitFor(() => expect(result.current.flow.status).toBe('idle'), { timeout: 10_000 });
    expect(result.current.flow.signer).toBeUndefined(); // nothing connected, nothing signs
    act(() => result.current.flow.connect('testwallet'));
    await waitFor(() => expect(result.current.linked.wallets).toHaveLength(1), { timeout: 10_000 });
    await act(() => result.current.linked.switchPrimaryAsync('00000000-0000-4000-8000-000000000000'));
    expect(result.current.linked.error?.code).toBe('invalid_wallet_id');
    expect(result.current.linked.wallets).toHaveLength(1);
  });

  it('behavior: auto-reconnect waits for a wallet that registers late, with no idle (disconnected) flash', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const wallet = createTestWallet({ trusted: true });
    client.storage.set('walletConnection', { key: 'testwallet', address: wallet.address });
    const registry = createRegistry();
    const statuses: string[] = [];
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(
      () => {
        const flow = useWalletSignIn({ registry });
        statuses.push(flow.status);
        return flow;
      },
      { wrapper },
    );
    expect(result.current.status).toBe('reconnecting');
    act(() => registry.register(wallet));
    await waitFor(() => expect(result.current.status).toBe('connected'), { timeout: 10_000 });
    expect(result.current.address).toBe(wallet.address);
    expect(statuses).not.toContain('idle');
    expect(result.current.signer?.address).toBe(wallet.address);
    const message = new TextEncoder().encode('reconnected');
    expect(await result.current.signer!.signMessage(message)).toHaveLength(64);
  });
});
