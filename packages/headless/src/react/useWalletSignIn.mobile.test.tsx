import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import type { MobileWalletBrowser } from '../core/mobileWallets/createMobileWallet.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { createTestWallet } from '../testing/createTestWallet.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useSession } from './useSession.js';
import { useWalletCatalogue } from './useWalletCatalogue.js';
import { useWalletSignIn } from './useWalletSignIn.js';

/**
 * The wallet list's mobile rows against the sandbox: its served catalogue points Phantom's links at the mobile-wallet
 * simulator, so a phone signs in over the redirect (every mount is a page load of one tab) and a desktop gets the link
 * for a QR code.
 */
const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});
const noWallets = { get: () => [], on: () => () => undefined };

function createTab(device: 'phone' | 'desktop') {
  const adapter = createMemoryStorage();
  const tab = { url: 'http://localhost:5173/rewards', left: [] as string[] };
  const mobileBrowser: MobileWalletBrowser = { currentUrl: () => tab.url, redirect: (url) => tab.left.push(url), replaceUrl: (url) => (tab.url = url) };
  const mount = async () => {
    const client = await createTestClient({ sandboxUrl, storage: adapter });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const page = () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
    const hook = renderHook(
      () => ({ flow: useWalletSignIn({ device, mobileBrowser, registry: noWallets, page }), session: useSession(), catalogue: useWalletCatalogue(), email: useEmailSignIn() }),
      { wrapper },
    );
    await waitFor(() => expect(hook.result.current.catalogue.status).toBe('remote'), { timeout: 10_000 });
    return hook;
  };
  /** The wallet's page answers (a connect approved with `account`, default the wallet's first). */
  const walletAnswers = async (decision: 'approve' | 'reject', account?: string) => {
    const response = await fetch(tab.left.at(-1)!, { method: 'POST', body: new URLSearchParams({ decision, ...(account ? { account } : {}) }), redirect: 'manual' });
    tab.url = response.headers.get('location')!;
  };
  return { tab, mount, walletAnswers };
}

type Tab = Awaited<ReturnType<ReturnType<typeof createTab>['mount']>>;

async function signInByEmail(page: Tab, email: string): Promise<void> {
  await waitFor(() => expect(page.result.current.session.status).toBe('signedOut'));
  act(() => page.result.current.email.sendCode(email));
  await waitFor(() => expect(page.result.current.email.status).toBe('awaitingCode'));
  const code = await getLatestCode({ sandboxUrl, to: email });
  act(() => page.result.current.email.submitCode(code));
  await waitFor(() => expect(page.result.current.session.status).toBe('signedIn'), { timeout: 10_000 });
}

/** A Phantom account no other test has used (the simulator adds it; its connect page offers it). */
async function newPhantomAccount(): Promise<string> {
  const response = await fetch(`${sandboxUrl}/sandbox/mobile-wallet/phantom/accounts`, { method: 'POST' });
  return ((await response.json()) as { address: string }).address;
}

const walletAddresses = (page: Tab) => page.result.current.session.user?.verifiedCredentials.filter((entry) => entry.format === 'blockchain').map((entry) => entry.address);

describe('useWalletSignIn: mobile wallets', () => {
  it('behavior: on a phone, a redirect wallet signs in over two redirects (connect, then the SIWS message)', async () => {
    const t = createTab('phone');
    const first = await t.mount();
    const phantom = first.result.current.flow.wallets.find((wallet) => wallet.key === 'phantom')!;
    expect(phantom).toMatchObject({ connectVia: 'mobileRedirect', installed: false });
    // What signs in on a phone comes first: the redirect wallets (Phantom, Solflare), by name.
    expect(first.result.current.flow.wallets.slice(0, 2).map((wallet) => [wallet.key, wallet.connectVia])).toEqual([
      ['phantom', 'mobileRedirect'],
      ['solflare', 'mobileRedirect'],
    ]);
    expect(first.result.current.flow.wallets.find((wallet) => wallet.key === 'backpacksol')?.connectVia).toBe('mobileBrowse');
    first.result.current.flow.connect('phantom');
    await waitFor(() => expect(t.tab.left).toHaveLength(1), { timeout: 5_000 });
    expect(first.result.current.flow).toMatchObject({ status: 'connecting', mobileStatus: 'redirecting', walletKey: 'phantom', isBusy: true });
    expect(t.tab.left[0]).toMatch(new RegExp(`^${sandboxUrl}/sandbox/mobile-wallet/phantom/ul/v1/connect\\?`));
    first.unmount();

    await t.walletAnswers('approve');
    const back = await t.mount();
    // Back with the session: the message is asked for on its own (after SPEC §4's delay).
    await waitFor(() => expect(t.tab.left).toHaveLength(2), { timeout: 5_000 });
    expect(back.result.current.flow).toMatchObject({ status: 'signing', walletKey: 'phantom' });
    expect(t.tab.left[1]).toContain('/sandbox/mobile-wallet/phantom/ul/v1/signMessage?');
    back.unmount();

    await t.walletAnswers('approve');
    const last = await t.mount();
    await waitFor(() => expect(last.result.current.flow.status).toBe('done'), { timeout: 10_000 });
    await waitFor(() => expect(last.result.current.session.status).toBe('signedIn'));
    const phantomAddress = ((await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet/phantom`)).json()) as { address: string }).address;
    expect(last.result.current.session.user?.verifiedCredentials.filter((entry) => entry.format === 'blockchain').map((entry) => entry.address)).toEqual([phantomAddress]);
    expect(t.tab.url).toBe('http://localhost:5173/rewards');
  });

  it('behavior: a link whose user signs out before the wallet answers is forgotten: the return links nothing, not even after a sign-in', async () => {
    const t = createTab('phone');
    const account = await newPhantomAccount();
    const email = `mobile-link-${Date.now().toString(36)}@example.test`;
    const first = await t.mount();
    await signInByEmail(first, email);
    act(() => first.result.current.flow.link('phantom'));
    await waitFor(() => expect(t.tab.left).toHaveLength(1), { timeout: 5_000 });
    expect(first.result.current.flow).toMatchObject({ status: 'connecting', mobileStatus: 'redirecting', purpose: 'link', walletKey: 'phantom' });
    // Meanwhile the session ends (signed out in another tab of this browser: the storage is shared). A sign-out forgets
    // the user's pending wallet records: whoever signs in next on this browser must not receive this link.
    await act(() => first.result.current.session.signOutAsync());
    first.unmount();
    await t.walletAnswers('approve', account);

    // Back signed out: nothing pending, so the return starts no wallet step and refuses nothing…
    const back = await t.mount();
    await waitFor(() => expect(back.result.current.session.status).toBe('signedOut'));
    await new Promise((resolve) => setTimeout(resolve, 400)); // longer than SPEC §4's 100 ms and a nonce request
    expect(back.result.current.flow).toMatchObject({ status: 'idle', mobileStatus: 'idle' });
    expect(t.tab.left).toHaveLength(1);
    // …and signing in again does not resume it: no signature asked for, no wallet linked.
    await signInByEmail(back, email);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(t.tab.left).toHaveLength(1);
    expect(back.result.current.flow).toMatchObject({ status: 'idle' });
    expect(walletAddresses(back)).toEqual([]);
  });

  it("error: the wallet refuses the connection → failed with 'user_rejected_request'; picking again starts over", async () => {
    const t = createTab('phone');
    const first = await t.mount();
    first.result.current.flow.connect('solflare');
    await waitFor(() => expect(t.tab.left).toHaveLength(1), { timeout: 5_000 });
    first.unmount();
    await t.walletAnswers('reject');
    const back = await t.mount();
    await waitFor(() => expect(back.result.current.flow.status).toBe('failed'));
    expect(back.result.current.flow.error?.code).toBe('user_rejected_request');
    expect(back.result.current.flow.walletKey).toBe('solflare');
    back.result.current.flow.connect('solflare');
    await waitFor(() => expect(t.tab.left).toHaveLength(2), { timeout: 5_000 });
    expect(back.result.current.flow.status).toBe('connecting');
  });

  it('default: on a desktop, a mobile wallet row carries the link its QR code shows (this page in the wallet)', async () => {
    const t = createTab('desktop');
    const hook = await t.mount();
    const phantom = hook.result.current.flow.wallets.find((wallet) => wallet.key === 'phantom')!;
    expect(phantom.connectVia).toBe('qrCode');
    expect(phantom.mobileUrl).toBe(`${sandboxUrl}/sandbox/mobile-wallet/phantom/ul/browse/${encodeURIComponent('http://localhost:5173/rewards')}?ref=${encodeURIComponent('http://localhost:5173')}`);
    hook.result.current.flow.connect('phantom');
    expect(t.tab.left).toEqual([]);
    expect(hook.result.current.flow.status).toBe('idle');
  });

  it('behavior: a hardware wallet signs in through the memo transaction; a message signature raises the SPEC §8 error', async () => {
    const ledger = createTestWallet({ name: 'Phantom (Ledger)', hardware: true });
    const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage() });
    clients.push(client);
    const registry = { get: () => [ledger], on: () => () => undefined };
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const page = () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' });
    const { result } = renderHook(() => ({ flow: useWalletSignIn({ device: 'desktop', registry, page }), session: useSession() }), { wrapper });
    expect(result.current.flow.wallets[0]).toMatchObject({ key: 'phantomledger', installed: true, hardwareWallet: true, connectVia: 'extension' });
    result.current.flow.connect('phantomledger');
    await waitFor(() => expect(result.current.flow.status).toBe('done'), { timeout: 10_000 });
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    const credential = result.current.session.user?.verifiedCredentials.find((entry) => entry.format === 'blockchain');
    expect(credential).toMatchObject({ address: ledger.address, wallet_properties: { hardwareWallet: 'ledger' } });
    await expect(result.current.flow.signer!.signMessage(new TextEncoder().encode('hello'))).rejects.toMatchObject({
      code: 'hardware_wallet_cannot_sign_message',
      message: 'Hardware wallets cannot sign messages directly.',
    });
  });
});
