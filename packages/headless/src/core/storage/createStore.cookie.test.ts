// @vitest-environment jsdom
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, json, routeTable, type FakeHandler } from '../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../client/createLatchkeyClient.js';
import { socialSignInMachine, socialSignInStatus } from '../machines/socialSignIn/socialSignInMachine.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMobileWallet, type MobileWalletBrowser } from '../mobileWallets/createMobileWallet.js';
import { MOBILE_WALLET_PENDING_KEY, mobileWalletPendingParser } from '../mobileWallets/mobileWalletRecords.js';
import { storedRedirectAttempt } from '../oauth/redirectAttempt.js';
import type { SocialBrowser } from '../oauth/socialBrowser.js';
import { REDIRECT_ATTEMPT_KEY } from '../machines/socialSignIn/socialSignInTypes.js';

// `storage: 'cookie'` in a browser: the records that are secrets (the mobile wallet's dapp secret key and wallet session,
// its requests and results, a social redirect's PKCE verifier and state, a sign-in under way) never become a
// JavaScript cookie — sent with every request to the host, to every path, for 30 days — and the flows still resume
// from them after the page loads of their round trips. Each page load is a new client over the same document.

const clients: LatchkeyClient[] = [];
const APP = 'http://localhost:3000/app';
const WALLET = { key: 'testwallet', name: 'Test wallet', universal: 'https://wallet.example/ul/' };
const NAMESPACE = `latchkey:${ENVIRONMENT_ID}:`;

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
  window.localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) document.cookie = `${cookie.split('=')[0]}=; Path=/; Max-Age=0`;
});

/** A page load: a client with `storage: 'cookie'`, its session settled (nobody signed in). */
async function loadPage(handler: FakeHandler = routeTable({})) {
  const fake = createFakeFetch(handler);
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: 'cookie', console: false, sendLogs: false, analytics: false });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  return { client, requests: fake.requests };
}

/** The names and values of the page's cookies, decoded. */
function cookies(): string {
  return decodeURIComponent(document.cookie);
}

/** UTF-8 bytes in this realm's Uint8Array (jsdom's TextEncoder answers another realm's, which tweetnacl refuses). */
const utf8 = (text: string) => Uint8Array.from(new TextEncoder().encode(text));

/** A redirect wallet: answers each deep link with the protocol's encrypted return (connect, then signMessage). */
function createWallet() {
  const encryption = nacl.box.keyPair();
  const signing = nacl.sign.keyPair();
  const address = bs58.encode(signing.publicKey);
  const session = bs58.encode(nacl.randomBytes(48));
  const answer = (link: string): string => {
    const url = new URL(link);
    const shared = nacl.box.before(bs58.decode(url.searchParams.get('dapp_encryption_public_key')!), encryption.secretKey);
    let body: Record<string, string>;
    if (url.pathname.endsWith('/v1/connect')) body = { public_key: address, session };
    else {
      const asked = nacl.box.open.after(bs58.decode(url.searchParams.get('payload')!), bs58.decode(url.searchParams.get('nonce')!), shared)!;
      const { message } = JSON.parse(new TextDecoder().decode(asked)) as { message: string };
      body = { signature: bs58.encode(nacl.sign.detached(bs58.decode(message), signing.secretKey)) };
    }
    const nonce = nacl.randomBytes(24);
    const back = new URL(url.searchParams.get('redirect_link')!);
    back.searchParams.set(`${WALLET.key}_encryption_public_key`, bs58.encode(encryption.publicKey));
    back.searchParams.set('nonce', bs58.encode(nonce));
    back.searchParams.set('data', bs58.encode(nacl.box.after(utf8(JSON.stringify(body)), nonce, shared)));
    return back.href;
  };
  return { address, session, answer };
}

describe("storage: 'cookie' keeps the secret records out of document.cookie", () => {
  it('behavior: a mobile-wallet connect and signature leave no dapp secret key, wallet session or signature in a cookie; each return still resumes', async () => {
    const wallet = createWallet();
    const page = { url: APP, left: [] as string[] };
    const browser: MobileWalletBrowser = { currentUrl: () => page.url, redirect: (url) => page.left.push(url), replaceUrl: (url) => (page.url = url) };
    const mobileWallet = async () => createMobileWallet({ wallet: WALLET, storage: (await loadPage()).client.storage, browser });

    const leaving = await loadPage();
    createMobileWallet({ wallet: WALLET, storage: leaving.client.storage, browser }).connect();
    const pending = leaving.client.storage.get(MOBILE_WALLET_PENDING_KEY, mobileWalletPendingParser)!;
    expect(pending.dappSecretKey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{40,}$/);
    expect(cookies()).not.toContain('mobileWallet');
    expect(cookies()).not.toContain(pending.dappSecretKey);
    expect(window.localStorage.getItem(`${NAMESPACE}${MOBILE_WALLET_PENDING_KEY}`)).toBe(JSON.stringify(pending));

    // Back from the wallet: a new page load reads the request and its key pair, and keeps the connection.
    page.url = wallet.answer(page.left.at(-1)!);
    expect((await mobileWallet()).completeReturn()).toEqual({ kind: 'connect', address: wallet.address });
    const connection = (await mobileWallet()).getConnection()!;
    expect(connection).toMatchObject({ address: wallet.address, session: wallet.session, dappSecretKey: pending.dappSecretKey });
    expect(cookies()).not.toContain('mobileWallet');
    for (const secret of [connection.dappSecretKey, connection.session]) expect(cookies()).not.toContain(secret);

    const message = new TextEncoder().encode('Sign this');
    (await mobileWallet()).signMessage(message);
    page.url = wallet.answer(page.left.at(-1)!);
    const signed = (await mobileWallet()).completeReturn();
    expect(signed).toMatchObject({ kind: 'signMessage' });
    const signature = (signed as { signature: Uint8Array }).signature;
    expect(cookies()).not.toContain('mobileWallet');
    expect(cookies()).not.toContain(bs58.encode(signature));
    expect((await mobileWallet()).takeResult('signMessage', message)).toEqual(signature);
  });

  it('behavior: a pending social redirect leaves no PKCE verifier or state in a cookie; the return still signs in (the session token is the cookie)', async () => {
    const STATE = 's'.repeat(43);
    const signInResponse = fakeSignIn(Date.now() + 3_600_000);
    const handler = routeTable({
      'POST /providers/github/initAuth': () => json(200, { state: STATE, redirectUrl: `${API_BASE_URL}/redirect`, authorizationUrl: `http://127.0.0.1:14/authorize?state=${STATE}` }),
      'POST /providers/github/signIn': () => json(200, signInResponse),
    });
    let url = APP;
    const left: string[] = [];
    const browser: SocialBrowser = {
      openPopup: () => null,
      onMessage: () => () => undefined,
      currentUrl: () => url,
      redirect: (next) => left.push(next),
      replaceUrl: (next) => (url = next),
      prefersRedirect: () => false,
    };

    const first = await loadPage(handler);
    const leaving = createActor(socialSignInMachine, { input: { client: first.client, browser } }).start();
    leaving.send({ type: 'user.start', provider: 'github', strategy: 'redirect' });
    await waitFor(leaving, () => left.length === 1);
    const attempt = first.client.storage.get(REDIRECT_ATTEMPT_KEY, storedRedirectAttempt)!;
    expect(attempt).toMatchObject({ provider: 'github', state: STATE });
    expect(attempt.verifier.length).toBeGreaterThanOrEqual(43);
    expect(cookies()).not.toContain('socialRedirect');
    expect(cookies()).not.toContain(attempt.verifier);
    expect(cookies()).not.toContain(STATE);
    expect(window.localStorage.getItem(`${NAMESPACE}${REDIRECT_ATTEMPT_KEY}`)).toBe(JSON.stringify(attempt));
    leaving.stop();

    // Back from the provider: a new page load reads the attempt and exchanges the code with its verifier.
    url = `${APP}?provider=github&state=${STATE}&code=the-code`;
    const back = await loadPage(handler);
    const returning = createActor(socialSignInMachine, { input: { client: back.client, browser } }).start();
    returning.send({ type: 'user.completeRedirect' });
    await waitFor(returning, (snapshot) => ['done', 'failed'].includes(socialSignInStatus(snapshot)));
    expect(returning.getSnapshot().context.error).toBeUndefined();
    const exchange = back.requests.find((request) => request.url.pathname.endsWith('/providers/github/signIn'));
    expect(exchange?.body).toMatchObject({ code: 'the-code', state: STATE, codeVerifier: attempt.verifier });
    await waitFor(back.client.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    expect(window.localStorage.getItem(`${NAMESPACE}${REDIRECT_ATTEMPT_KEY}`)).toBeNull();
    // What the mode is for: the session token in a first-party cookie the host's server reads.
    expect(cookies()).toContain(`${NAMESPACE}auth=`);
    expect(cookies()).toContain(signInResponse.jwt);
    returning.stop();
  });

  it('behavior: sign-out removes the records from local storage, and a copy an earlier version left in a cookie', async () => {
    const { client } = await loadPage();
    const records: Record<string, unknown> = {
      'mobileWallet:connection': { wallet: 'w', address: 'a', session: 'wallet-session', dappPublicKey: 'p', dappSecretKey: 'dapp-secret', walletEncryptionPublicKey: 'e', connectedAt: 1 },
      'mobileWallet:pending': { id: 'r', kind: 'connect', wallet: 'w', createdAt: 1, dappPublicKey: 'p', dappSecretKey: 'dapp-secret-2' },
      'mobileWallet:result': { id: 'r', kind: 'signMessage', input: 'i', output: 'signature' },
      'mobileWallet:signIn': { purpose: 'signIn', links: WALLET, createdAt: 1 },
      socialRedirect: { provider: 'github', purpose: 'signIn', state: 'state', verifier: 'verifier', createdAt: 1 },
    };
    for (const [key, value] of Object.entries(records)) {
      document.cookie = `${encodeURIComponent(NAMESPACE + key)}=${encodeURIComponent(JSON.stringify(value))}; Path=/`;
      client.storage.set(key, value);
    }
    // A write moves the record: the cookie copy is gone, the value is in local storage.
    expect(cookies()).not.toContain('mobileWallet');
    expect(cookies()).not.toContain('socialRedirect');
    for (const key of Object.keys(records)) expect(window.localStorage.getItem(NAMESPACE + key)).toBe(JSON.stringify(records[key]));

    for (const [key, value] of Object.entries(records)) document.cookie = `${encodeURIComponent(NAMESPACE + key)}=${encodeURIComponent(JSON.stringify(value))}; Path=/`;
    client.events.emit('auth.signedOut', { reason: 'user' });
    for (const key of Object.keys(records)) expect(window.localStorage.getItem(NAMESPACE + key)).toBeNull();
    expect(document.cookie).toBe('');
  });
});
