import { base58 } from '@scure/base';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createTestClient } from '../../../testing/sandbox.js';
import type { LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { createMobileWallet, MOBILE_WALLET_REQUEST_MAX_AGE_MS, type MobileWalletBrowser } from '../../mobileWallets/createMobileWallet.js';
import { readMobileSignInAttempt } from '../../mobileWallets/mobileSignInAttempt.js';
import { decodeBase58 } from '../../mobileWallets/deepLinkCrypto.js';
import { decryptPayload, deriveSharedSecret } from '../../mobileWallets/deepLinkCrypto.js';
import { createMemoryStorage } from '../../storage/createMemoryStorage.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mobileWalletMachine, mobileWalletStatus } from './mobileWalletMachine.js';

/**
 * Sign-in over the redirect against the sandbox and its mobile-wallet simulator: every page load is a new actor over
 * the same storage (one tab), the wallet's answers are the simulator's real encrypted returns, and the 100 ms delay of
 * SPEC §4 runs on a simulated clock.
 */
const sandboxUrl = inject('sandboxUrl');
const APP = 'http://localhost:5173/';
let simulator: { address: string; universal: string };
const clients: LatchkeyClient[] = [];

beforeAll(async () => {
  simulator = (await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet`)).json()) as typeof simulator;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

async function createTab() {
  const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage() });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const tab = { url: APP, left: [] as string[], nowMs: Date.now() };
  const clock = new SimulatedClock();
  const browser: MobileWalletBrowser = { currentUrl: () => tab.url, redirect: (url) => tab.left.push(url), replaceUrl: (url) => (tab.url = url) };
  const wallet = () =>
    createMobileWallet({ wallet: { key: 'simulator', name: 'Sandbox wallet', universal: simulator.universal }, storage: client.storage, browser, now: () => tab.nowMs });
  const load = () =>
    createActor(mobileWalletMachine, {
      clock,
      input: { mobileWallet: wallet(), client, page: () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' }), now: () => new Date(tab.nowMs) },
    }).start();
  const walletAnswers = async (decision: 'approve' | 'reject', url = tab.left.at(-1)!) => {
    const response = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
    expect(response.status).toBe(303);
    return response.headers.get('location')!;
  };
  return { client, tab, clock, wallet, load, walletAnswers };
}

type Tab = Awaited<ReturnType<typeof createTab>>;

/** Sign-in started, the connect approved, back on the app: the actor of the return page, in `returned`. */
async function backFromConnect(t: Tab) {
  const first = t.load();
  first.send({ type: 'user.signIn', mobileWallet: t.wallet() });
  expect(mobileWalletStatus(first.getSnapshot())).toBe('redirecting');
  await waitFor(first, () => t.tab.left.length === 1);
  expect(new URL(t.tab.left[0]!).pathname).toMatch(/\/v1\/connect$/);
  t.tab.url = await t.walletAnswers('approve');
  const back = t.load();
  back.send({ type: 'user.completeReturn' });
  await waitFor(back, (snapshot) => !snapshot.matches('completingReturn'));
  return back;
}

describe('mobileWalletMachine: sign-in over the redirect', () => {
  it('behavior: connect → returned → (100 ms) SIWS message with a fresh nonce → sign → POST /verify → signed in', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    expect(mobileWalletStatus(back.getSnapshot())).toBe('returned');
    expect(back.getSnapshot().context.address).toBe(simulator.address);
    // SPEC §4: the wallet is asked to sign 100 ms later, not before.
    t.clock.increment(99);
    expect(mobileWalletStatus(back.getSnapshot())).toBe('returned');
    expect(t.tab.left).toHaveLength(1);
    t.clock.increment(1);
    expect(mobileWalletStatus(back.getSnapshot())).toBe('requestingSignature');
    await waitFor(back, () => t.tab.left.length === 2);
    const signLink = new URL(t.tab.left[1]!);
    expect(signLink.pathname).toMatch(/\/v1\/signMessage$/);
    const message = readMobileSignInAttempt(t.client.storage)?.messageToSign ?? '';
    expect(message).toContain(`localhost:5173 wants you to sign in with your Solana account:\n${simulator.address}`);
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{8,}\n/);
    // What goes to the wallet is that message, encrypted for this connection.
    const connection = back.getSnapshot().context.mobileWallet!.getConnection()!;
    const secret = deriveSharedSecret(decodeBase58(connection.walletEncryptionPublicKey)!, decodeBase58(connection.dappSecretKey)!);
    const body = decryptPayload(signLink.searchParams.get('payload')!, signLink.searchParams.get('nonce')!, secret)!;
    expect(new TextDecoder().decode(decodeBase58(body['message'] as string))).toBe(message);

    t.tab.url = await t.walletAnswers('approve');
    const last = t.load();
    last.send({ type: 'user.completeReturn' });
    await waitFor(last, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
    expect(last.getSnapshot().context.error).toBeUndefined();
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    const credentials = t.client.session.getSnapshot().context.user?.verifiedCredentials ?? [];
    expect(credentials.filter((entry) => entry.format === 'blockchain').map((entry) => entry.address)).toEqual([simulator.address]);
    expect(readMobileSignInAttempt(t.client.storage)).toBeUndefined();
    expect(t.tab.url).toBe(APP);
  });

  it('behavior: the attempt survives every reload: a page loaded between the round trips resumes it', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    t.clock.increment(100);
    await waitFor(back, () => t.tab.left.length === 2);
    // A plain reload in between (no return in the address bar) changes nothing…
    expect(mobileWalletStatus(t.load().getSnapshot())).toBe('connected');
    expect(readMobileSignInAttempt(t.client.storage)?.messageToSign).toBeDefined();
    // …and the signature's return, on yet another page, still signs in.
    t.tab.url = await t.walletAnswers('approve');
    const last = t.load();
    last.send({ type: 'user.completeReturn' });
    await waitFor(last, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
    expect(mobileWalletStatus(last.getSnapshot())).toBe('signedIn');
  });

  it('error: a foreign return (another request) is refused and changes nothing; the awaited one still signs in', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    t.clock.increment(100);
    await waitFor(back, () => t.tab.left.length === 2);
    const attempt = readMobileSignInAttempt(t.client.storage);
    const genuine = await t.walletAnswers('approve');
    const foreign = new URL(genuine);
    foreign.searchParams.set('latchkey_mobile_request', 'someoneElsesRequest');
    t.tab.url = foreign.href;
    const page = t.load();
    page.send({ type: 'user.completeReturn' });
    await waitFor(page, (snapshot) => snapshot.matches('failed'));
    expect(page.getSnapshot().context.error?.code).toBe('mobile_wallet_return_replayed');
    expect(readMobileSignInAttempt(t.client.storage)).toEqual(attempt);
    expect(getSessionStatus(t.client.session.getSnapshot())).toBe('signedOut');
    t.tab.url = genuine;
    const last = t.load();
    last.send({ type: 'user.completeReturn' });
    await waitFor(last, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
    expect(mobileWalletStatus(last.getSnapshot())).toBe('signedIn');
    // The same return again (a reload of the old URL): refused, still signed in as before.
    t.tab.url = genuine;
    const replay = t.load();
    replay.send({ type: 'user.completeReturn' });
    await waitFor(replay, (snapshot) => snapshot.matches('failed'));
    expect(replay.getSnapshot().context.error?.code).toBe('mobile_wallet_return_replayed');
  });

  it('error: a stale return (older than the request may live) is refused; nothing is connected, the attempt ends', async () => {
    const t = await createTab();
    const first = t.load();
    first.send({ type: 'user.signIn', mobileWallet: t.wallet() });
    await waitFor(first, () => t.tab.left.length === 1);
    t.tab.url = await t.walletAnswers('approve');
    t.tab.nowMs += MOBILE_WALLET_REQUEST_MAX_AGE_MS + 1;
    const back = t.load();
    back.send({ type: 'user.completeReturn' });
    await waitFor(back, (snapshot) => snapshot.matches('failed'));
    expect(back.getSnapshot().context.error?.code).toBe('mobile_wallet_return_expired');
    expect(back.getSnapshot().context.mobileWallet?.getConnection()).toBeUndefined();
    expect(readMobileSignInAttempt(t.client.storage)).toBeUndefined();
    expect(t.tab.url).toBe(APP);
  });

  it('error: the wallet refuses the sign-in message → rejected, signed out, attempt ended', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    t.clock.increment(100);
    await waitFor(back, () => t.tab.left.length === 2);
    t.tab.url = await t.walletAnswers('reject');
    const last = t.load();
    last.send({ type: 'user.completeReturn' });
    await waitFor(last, (snapshot) => snapshot.matches('rejected'));
    expect(last.getSnapshot().context.error?.code).toBe('user_rejected_request');
    expect(getSessionStatus(t.client.session.getSnapshot())).toBe('signedOut');
    expect(readMobileSignInAttempt(t.client.storage)).toBeUndefined();
  });

  it('error: POST /verify of a redirect sign-in refuses the replayed nonce and a signature under another wallet key', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    t.clock.increment(100);
    await waitFor(back, () => t.tab.left.length === 2);
    const messageToSign = readMobileSignInAttempt(t.client.storage)!.messageToSign!;
    t.tab.url = await t.walletAnswers('approve');
    const last = t.load();
    last.send({ type: 'user.completeReturn' });
    await waitFor(last, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
    const result = last.getSnapshot().context.result;
    expect(result?.kind).toBe('signMessage');
    const info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { apiBaseUrl: string; environmentId: string };
    const verify = (body: Record<string, unknown>) =>
      fetch(`${info.apiBaseUrl}/api/v0/sdk/${info.environmentId}/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const body = {
      messageToSign,
      signedMessage: base58.encode(result && result.kind === 'signMessage' ? result.signature : new Uint8Array()),
      publicWalletAddress: simulator.address,
      chain: 'SOL',
      walletName: 'simulator',
      walletProvider: 'deepLink',
    };
    // The same signed message again: its nonce died with the first use.
    const replayed = await verify(body);
    expect(replayed.status).toBeGreaterThanOrEqual(400);
    expect(replayed.status).toBeLessThan(500);
    // Another wallet key claiming the signature (the phantom simulator's address): refused.
    const phantom = (await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet/phantom`)).json()) as { address: string };
    const nonce = ((await (await fetch(`${info.apiBaseUrl}/api/v0/sdk/${info.environmentId}/nonce`)).json()) as { nonce: string }).nonce;
    const foreignKey = await verify({ ...body, publicWalletAddress: phantom.address, messageToSign: messageToSign.replace(simulator.address, phantom.address).replace(/Nonce: \w+/, `Nonce: ${nonce}`) });
    expect(foreignKey.status).toBeGreaterThanOrEqual(400);
    expect(foreignKey.status).toBeLessThan(500);
  });

  it('behavior: linking a second redirect wallet to the signed-in user works the same way (POST /verify/link)', async () => {
    const t = await createTab();
    // Signed in with the simulator first.
    const back = await backFromConnect(t);
    t.clock.increment(100);
    await waitFor(back, () => t.tab.left.length === 2);
    t.tab.url = await t.walletAnswers('approve');
    const signedIn = t.load();
    signedIn.send({ type: 'user.completeReturn' });
    await waitFor(signedIn, (snapshot) => snapshot.matches('signedIn'));
    await waitFor(t.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    const userId = t.client.session.getSnapshot().context.user?.id;
    // Then Phantom (the sandbox's simulator under its catalogue key) is linked over the same round trips.
    const phantom = (await (await fetch(`${sandboxUrl}/sandbox/mobile-wallet/phantom`)).json()) as { address: string; universal: string };
    const phantomWallet = () => createMobileWallet({ wallet: { key: 'phantom', name: 'Phantom', universal: phantom.universal }, storage: t.client.storage, browser: { currentUrl: () => t.tab.url, redirect: (url) => t.tab.left.push(url), replaceUrl: (url) => (t.tab.url = url) } });
    signedIn.send({ type: 'user.signIn', mobileWallet: phantomWallet(), purpose: 'link' });
    await waitFor(signedIn, () => t.tab.left.length === 3);
    t.tab.url = await t.walletAnswers('approve');
    const linkBack = createActor(mobileWalletMachine, { clock: t.clock, input: { client: t.client, page: () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' }) } }).start();
    linkBack.send({ type: 'user.completeReturn', mobileWallet: phantomWallet() });
    await waitFor(linkBack, (snapshot) => snapshot.matches('returned'));
    t.clock.increment(100);
    await waitFor(linkBack, () => t.tab.left.length === 4);
    t.tab.url = await t.walletAnswers('approve');
    const linked = createActor(mobileWalletMachine, { clock: t.clock, input: { client: t.client, page: () => ({ domain: 'localhost:5173', uri: 'http://localhost:5173' }) } }).start();
    linked.send({ type: 'user.completeReturn', mobileWallet: phantomWallet() });
    await waitFor(linked, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('failed'));
    expect(linked.getSnapshot().context.error).toBeUndefined();
    // Done, the attempt is gone but the flow still says what it was for (a view says "linked", not "signed in").
    expect(linked.getSnapshot().context.purpose).toBe('link');
    expect(readMobileSignInAttempt(t.client.storage)).toBeUndefined();
    await waitFor(t.client.session, (snapshot) => (snapshot.context.user?.verifiedCredentials ?? []).filter((entry) => entry.format === 'blockchain').length === 2);
    const user = t.client.session.getSnapshot().context.user;
    expect(user?.id).toBe(userId);
    expect(user?.verifiedCredentials.filter((entry) => entry.format === 'blockchain').map((entry) => entry.address).sort()).toEqual([simulator.address, phantom.address].sort());
  });

  it('behavior: cancel while back from connect: no signature is asked for', async () => {
    const t = await createTab();
    const back = await backFromConnect(t);
    back.send({ type: 'user.cancel' });
    t.clock.increment(1000);
    expect(mobileWalletStatus(back.getSnapshot())).toBe('connected');
    expect(t.tab.left).toHaveLength(1);
    expect(readMobileSignInAttempt(t.client.storage)).toBeUndefined();
  });
});
