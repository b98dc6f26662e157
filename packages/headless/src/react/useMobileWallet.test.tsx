import { act, renderHook, waitFor } from '@testing-library/react';
import bs58 from 'bs58';
import type { ReactNode } from 'react';
import nacl from 'tweetnacl';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import type { MobileWalletBrowser } from '../core/mobileWallets/createMobileWallet.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useMobileWallet } from './useMobileWallet.js';

const sandboxUrl = inject('sandboxUrl');
const environmentId = inject('sandboxEnvironmentId');
let wallet: { key: string; name: string; universal: string };
let address: string;

beforeAll(async () => {
  const info = (await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet`)).json()) as { walletKey: string; universal: string; address: string };
  wallet = { key: info.walletKey, name: 'Sandbox wallet', universal: info.universal };
  address = info.address;
});

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** One tab: the storage and the address bar outlive each "page", every mount is a new page load. */
function createTab() {
  const adapter = createMemoryStorage();
  const tab = { url: 'http://localhost:5173/', left: [] as string[] };
  const browser: MobileWalletBrowser = { currentUrl: () => tab.url, redirect: (url) => tab.left.push(url), replaceUrl: (url) => (tab.url = url) };
  const mount = () => {
    const client = createLatchkeyClient({ environmentId, apiBaseUrl: sandboxUrl, storage: adapter, sendLogs: false, console: false });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    return renderHook(() => useMobileWallet({ wallet, browser }), { wrapper });
  };
  const walletAnswers = async (decision: 'approve' | 'reject') => {
    const response = await fetch(tab.left.at(-1)!, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
    tab.url = response.headers.get('location')!;
  };
  return { tab, mount, walletAnswers };
}

describe('useMobileWallet', () => {
  it('default: connect, come back connected, sign a message, come back signed with a signature that verifies', async () => {
    const t = createTab();
    const first = t.mount();
    expect(first.result.current.status).toBe('idle');
    expect(first.result.current.signer).toBeUndefined();
    act(() => first.result.current.connect());
    await waitFor(() => expect(t.tab.left).toHaveLength(1));
    expect(first.result.current.status).toBe('redirecting');
    expect(first.result.current.isBusy).toBe(true);
    first.unmount();

    await t.walletAnswers('approve');
    const second = t.mount();
    await waitFor(() => expect(second.result.current.status).toBe('connected'));
    expect(second.result.current.address).toBe(address);
    expect(second.result.current.signer?.address).toBe(address);
    expect(t.tab.url).toBe('http://localhost:5173/');
    act(() => second.result.current.signMessage('Hello from the hook'));
    await waitFor(() => expect([second.result.current.status, second.result.current.error?.message, t.tab.left.length]).toEqual(['signing', undefined, 2]));
    expect(second.result.current.status).toBe('signing');
    second.unmount();

    await t.walletAnswers('approve');
    const third = t.mount();
    await waitFor(() => expect(third.result.current.status).toBe('signed'));
    const result = third.result.current.result;
    if (result?.kind !== 'signMessage') throw new Error('expected a message signature');
    expect(nacl.sign.detached.verify(Uint8Array.from(new TextEncoder().encode('Hello from the hook')), Uint8Array.from(result.signature), Uint8Array.from(bs58.decode(address)))).toBe(true);
    // The signer picks the same signature up for the same bytes.
    expect(third.result.current.signature).toBe(bs58.encode(result.signature));
    const picked = await third.result.current.signer!.signMessage(new TextEncoder().encode('Hello from the hook'));
    expect(bs58.encode(picked)).toBe(bs58.encode(result.signature));
    act(() => third.result.current.reset());
    expect(third.result.current.status).toBe('connected');
    act(() => third.result.current.disconnect());
    expect(third.result.current.status).toBe('idle');
    expect(third.result.current.address).toBeUndefined();
  });

  it('error: a rejected connect comes back rejected with the wallet error, nothing connected', async () => {
    const t = createTab();
    const first = t.mount();
    act(() => first.result.current.connect());
    await waitFor(() => expect(t.tab.left).toHaveLength(1));
    first.unmount();
    await t.walletAnswers('reject');
    const back = t.mount();
    await waitFor(() => expect(back.result.current.status).toBe('rejected'));
    expect(back.result.current.error?.message).toBe('User rejected request');
    expect(back.result.current.address).toBeUndefined();
  });

  it('browse link', () => {
    const t = createTab();
    const view = t.mount();
    expect(view.result.current.browseUrl('http://localhost:5173/x')).toBe(`${wallet.universal}browse/http%3A%2F%2Flocalhost%3A5173%2Fx?ref=http%3A%2F%2Flocalhost%3A5173`);
  });
});
