import { createActor, waitFor } from 'xstate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmitter } from '../../events/createEmitter.js';
import { createMobileWallet, type MobileWalletBrowser } from '../../mobileWallets/createMobileWallet.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { createStore } from '../../storage/createStore.js';
import { mobileWalletMachine, mobileWalletStatus } from './mobileWalletMachine.js';

const sandboxUrl = inject('sandboxUrl');
const APP = 'http://localhost:5173/';
let universal: string;

beforeAll(async () => {
  universal = ((await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet`)).json()) as { universal: string }).universal;
});

/** One browser tab: storage survives the "page loads"; each load is a new actor, as in a real round trip. */
function createTab() {
  const storage = createStore({ adapter: createMemoryStorage(), namespace: 'latchkey:m:', events: createEmitter() });
  const tab = { url: APP, left: [] as string[] };
  const browser: MobileWalletBrowser = { currentUrl: () => tab.url, redirect: (url) => tab.left.push(url), replaceUrl: (url) => (tab.url = url) };
  const load = () => {
    const actor = createActor(mobileWalletMachine, { input: { mobileWallet: createMobileWallet({ wallet: { key: 'simulator', name: 'Sandbox wallet', universal }, storage, browser }) } }).start();
    return actor;
  };
  const walletAnswers = async (decision: 'approve' | 'reject') => {
    const walletUrl = tab.left.at(-1)!;
    const response = await fetch(walletUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
    tab.url = response.headers.get('location')!;
  };
  return { tab, load, walletAnswers };
}

async function connected(t: ReturnType<typeof createTab>) {
  const first = t.load();
  first.send({ type: 'user.connect' });
  await waitFor(first, () => t.tab.left.length === 1);
  await t.walletAnswers('approve');
  const back = t.load();
  back.send({ type: 'user.completeReturn' });
  await waitFor(back, (snapshot) => snapshot.matches('connected'));
  return back;
}

describe('mobileWalletMachine', () => {
  it('default: idle without a stored connection; connect stays in redirecting while the page leaves', async () => {
    const t = createTab();
    const actor = t.load();
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'user.connect' });
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('redirecting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, () => t.tab.left.length === 1);
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('redirecting');
  });

  it('behavior: the page never left (no app took the link): Cancel goes back to idle, and the late reply is refused', async () => {
    const t = createTab();
    const actor = t.load();
    actor.send({ type: 'user.connect' });
    await waitFor(actor, () => t.tab.left.length === 1);
    actor.send({ type: 'user.cancel' });
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    // The wallet answers after all: not the request under way any more.
    await t.walletAnswers('approve');
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    const refused = await waitFor(back, (snapshot) => snapshot.matches('failed'));
    expect(refused.context.error?.code).toBe('mobile_wallet_return_replayed');
    expect(refused.context.address).toBeUndefined();
  });

  it('behavior: Cancel while the wallet is to sign goes back to connected; its late signature is refused', async () => {
    const t = createTab();
    const actor = await connected(t);
    actor.send({ type: 'user.signMessage', message: new TextEncoder().encode('later') });
    await waitFor(actor, () => t.tab.left.length === 2);
    actor.send({ type: 'user.cancel' });
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('connected');
    await t.walletAnswers('approve');
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    const refused = await waitFor(back, (snapshot) => snapshot.matches('failed'));
    expect(refused.context.error?.code).toBe('mobile_wallet_return_replayed');
  });

  it('behavior: the return connects; a reload restores connected with the address', async () => {
    const t = createTab();
    const actor = await connected(t);
    expect(actor.getSnapshot().context.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const reloaded = t.load();
    expect(mobileWalletStatus(reloaded.getSnapshot())).toBe('connected');
    expect(reloaded.getSnapshot().context.address).toBe(actor.getSnapshot().context.address);
  });

  it('behavior: sign a message → signing → (return) signed with the verified signature; reset → connected', async () => {
    const t = createTab();
    const actor = await connected(t);
    actor.send({ type: 'user.signMessage', message: new TextEncoder().encode('hi') });
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('signing');
    await waitFor(actor, () => t.tab.left.length === 2);
    await t.walletAnswers('approve');
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    const signed = await waitFor(back, (snapshot) => snapshot.matches('signed'));
    expect(signed.context.result?.kind).toBe('signMessage');
    expect(signed.context.result && 'signature' in signed.context.result ? signed.context.result.signature.length : 0).toBe(64);
    back.send({ type: 'user.reset' });
    expect(mobileWalletStatus(back.getSnapshot())).toBe('connected');
  });

  it('error: a rejected signature ends in rejected with user_rejected_request, still connected after reset', async () => {
    const t = createTab();
    const actor = await connected(t);
    actor.send({ type: 'user.signMessage', message: new TextEncoder().encode('no') });
    await waitFor(actor, () => t.tab.left.length === 2);
    await t.walletAnswers('reject');
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    const rejected = await waitFor(back, (snapshot) => snapshot.matches('rejected'));
    expect(rejected.context.error?.code).toBe('user_rejected_request');
    expect(rejected.hasTag('error')).toBe(true);
    back.send({ type: 'user.reset' });
    expect(mobileWalletStatus(back.getSnapshot())).toBe('connected');
  });

  it('error: a tampered connect return ends in failed; reset → idle (nothing stored)', async () => {
    const t = createTab();
    const actor = t.load();
    actor.send({ type: 'user.connect' });
    await waitFor(actor, () => t.tab.left.length === 1);
    await t.walletAnswers('approve');
    const url = new URL(t.tab.url);
    url.searchParams.set('data', `${url.searchParams.get('data')!.slice(0, -2)}11`);
    t.tab.url = url.href;
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    const failed = await waitFor(back, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error?.code).toBe('mobile_wallet_return_tampered');
    back.send({ type: 'user.reset' });
    expect(mobileWalletStatus(back.getSnapshot())).toBe('idle');
  });

  it('error: signing needs a connection — failed with mobile_wallet_not_connected', async () => {
    const t = createTab();
    const actor = await connected(t);
    t.load().send({ type: 'user.disconnect' });
    actor.send({ type: 'user.signMessage', message: new Uint8Array([1]) });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.error?.code).toBe('mobile_wallet_not_connected');
  });

  it('behavior: disconnect → idle, and a reload stays idle', async () => {
    const t = createTab();
    const actor = await connected(t);
    actor.send({ type: 'user.disconnect' });
    expect(mobileWalletStatus(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.address).toBeUndefined();
    expect(mobileWalletStatus(t.load().getSnapshot())).toBe('idle');
  });
});
