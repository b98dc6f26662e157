import bs58 from 'bs58';
import { Hono } from 'hono';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { mountMobileWalletSimulatorRoutes } from './mobileWalletSimulatorRoutes.js';
import { ApiError } from '../errors/ApiError.js';

function createSimulatorApp() {
  const app = new Hono();
  const simulator = mountMobileWalletSimulatorRoutes(app);
  app.onError((error, c) => (error instanceof ApiError ? c.json(error.toBody(), error.status) : c.json({ error: String(error) }, 500)));
  return { app, simulator };
}

const connectQuery = (redirect: string) =>
  new URLSearchParams({ dapp_encryption_public_key: '3ac4aZPnYcXWaXFi1VHX2BuFb6drzgAYGEZftx2k7cpt', redirect_link: redirect, app_url: 'http://localhost:5173' });

describe('mobile-wallet simulator routes', () => {
  it('default: the connect page asks to approve or reject, with the wallet address', async () => {
    const { app, simulator } = createSimulatorApp();
    const response = await app.request(`/sandbox/mobile-wallet/ul/v1/connect?${connectQuery('http://localhost:5173/?x=1')}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Connect to this app?');
    expect(html).toContain(simulator.address);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('behavior: reject goes back with errorCode 4001; approve with the encrypted reply and the wallet key', async () => {
    const { app, simulator } = createSimulatorApp();
    const url = `/sandbox/mobile-wallet/ul/v1/connect?${connectQuery('http://localhost:5173/?x=1')}`;
    const rejected = await app.request(url, { method: 'POST', body: new URLSearchParams({ decision: 'reject' }) });
    expect(rejected.status).toBe(303);
    const back = new URL(rejected.headers.get('location')!);
    expect([back.origin, back.searchParams.get('x'), back.searchParams.get('errorCode')]).toEqual(['http://localhost:5173', '1', '4001']);
    const approved = new URL((await app.request(url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).headers.get('location')!);
    expect(approved.searchParams.get('simulator_encryption_public_key')).toBe(simulator.encryptionPublicKey);
    expect(approved.searchParams.get('nonce')).toBeTruthy();
    expect(approved.searchParams.get('data')).toBeTruthy();
  });

  it('error: a redirect link off loopback, a bad key, a forged session, an unknown method, an unknown decision', async () => {
    const { app } = createSimulatorApp();
    expect((await app.request(`/sandbox/mobile-wallet/ul/v1/connect?${connectQuery('https://evil.example/')}`)).status).toBe(400);
    const badKey = new URLSearchParams({ dapp_encryption_public_key: 'abc', redirect_link: 'http://localhost:5173/' });
    expect((await app.request(`/sandbox/mobile-wallet/ul/v1/connect?${badKey}`)).status).toBe(400);
    const forged = new URLSearchParams({
      dapp_encryption_public_key: '3ac4aZPnYcXWaXFi1VHX2BuFb6drzgAYGEZftx2k7cpt',
      redirect_link: 'http://localhost:5173/',
      nonce: 'MgfvS5zkZ9inhd3AubwT9KRZMrY3kahim',
      payload: '5WXSkzL115in9mWVzvh7yfPBajtKeNLQHiuYxeawCBZBsjo8cfS4',
    });
    const refused = await app.request(`/sandbox/mobile-wallet/ul/v1/signMessage?${forged}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('The payload does not decrypt with this dapp key.');
    expect((await app.request(`/sandbox/mobile-wallet/ul/v1/drainWallet?${connectQuery('http://localhost:5173/')}`)).status).toBe(404);
    const odd = await app.request(`/sandbox/mobile-wallet/ul/v1/connect?${connectQuery('http://localhost:5173/')}`, { method: 'POST', body: new URLSearchParams({ decision: 'maybe' }) });
    expect(odd.status).toBe(400);
  });

  it('error: a payload sealed by a real dapp key but holding nonsense — not JSON, null, a session, message or transaction that is not base58, a session too short to be signed — is a 400 naming it, on the page and on approval', async () => {
    const { app, simulator } = createSimulatorApp();
    const dapp = nacl.box.keyPair();
    const shared = nacl.box.before(bs58.decode(simulator.encryptionPublicKey), dapp.secretKey);
    const base = { dapp_encryption_public_key: bs58.encode(dapp.publicKey), redirect_link: 'http://localhost:5173/cb', app_url: 'http://localhost:5173' };
    const connected = new URL((await app.request(`/sandbox/mobile-wallet/ul/v1/connect?${new URLSearchParams(base)}`, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).headers.get('location')!);
    const opened = nacl.box.open.after(bs58.decode(connected.searchParams.get('data')!), bs58.decode(connected.searchParams.get('nonce')!), shared)!;
    const { session } = JSON.parse(new TextDecoder().decode(opened)) as { session: string };
    const sealed = (plain: string) => {
      const nonce = nacl.randomBytes(24);
      return { nonce: bs58.encode(nonce), payload: bs58.encode(nacl.box.after(new TextEncoder().encode(plain), nonce, shared)) };
    };
    const cases: [string, 'signMessage' | 'signTransaction', string, string][] = [
      ['not json {', 'signMessage', 'payload', 'The payload is not a JSON object.'],
      ['null', 'signMessage', 'payload', 'The payload is not a JSON object.'],
      ['[1, 2]', 'signTransaction', 'payload', 'The payload is not a JSON object.'],
      [JSON.stringify({ session: '0OIl!!', message: 'abc' }), 'signMessage', 'session', 'The session must be base58.'],
      [JSON.stringify({ session: bs58.encode(new Uint8Array(10)), message: 'abc' }), 'signMessage', 'session', 'The session was not issued by this wallet.'],
      [JSON.stringify({ session, message: '0OIl!!' }), 'signMessage', 'message', 'The message must be base58.'],
      [JSON.stringify({ session, transaction: '0OIl!!' }), 'signTransaction', 'transaction', 'The transaction must be base58.'],
    ];
    for (const [plain, method, path, message] of cases) {
      const url = `/sandbox/mobile-wallet/ul/v1/${method}?${new URLSearchParams({ ...base, ...sealed(plain) })}`;
      for (const response of [await app.request(url), await app.request(url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })]) {
        expect(response.status, plain).toBe(400);
        expect(((await response.json()) as { error: unknown }).error, plain).toEqual({ code: 'invalid_request', message, path });
      }
    }
  });

  it('behavior: the browse link offers the loopback page and refuses others', async () => {
    const { app } = createSimulatorApp();
    const ok = await app.request(`/sandbox/mobile-wallet/ul/browse/${encodeURIComponent('http://127.0.0.1:5173/')}?ref=x`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('href="http://127.0.0.1:5173/"');
    expect((await app.request(`/sandbox/mobile-wallet/ul/browse/${encodeURIComponent('https://evil.example/')}`)).status).toBe(400);
  });

  it('behavior: every redirect-experience wallet of the catalogue is served, with keys of its own and its own return parameter', async () => {
    const { app, simulator } = createSimulatorApp();
    const { REDIRECT_WALLET_KEYS, servedWalletCatalogue } = await import('../static/walletCatalogue.js');
    expect([...REDIRECT_WALLET_KEYS].sort()).toEqual(['phantom', 'solflare']);
    const served = servedWalletCatalogue('http://127.0.0.1:4010') as { wallets: Record<string, { mobile?: { universal?: string; inAppBrowser?: string; experience?: string } }> };
    expect(served.wallets['phantom']?.mobile).toMatchObject({ universal: 'http://127.0.0.1:4010/sandbox/mobile-wallet/phantom/ul/', inAppBrowser: 'http://127.0.0.1:4010/sandbox/mobile-wallet/phantom/ul/browse/{url}' });
    expect(served.wallets['backpacksol']?.mobile?.universal).toBeUndefined(); // in-app-browser wallets keep their links
    const addresses = new Set([simulator.address]);
    for (const key of REDIRECT_WALLET_KEYS) {
      const info = (await (await app.request(`/sandbox/mobile-wallet/${key}`)).json()) as { walletKey: string; address: string; universal: string };
      expect(info.walletKey).toBe(key);
      addresses.add(info.address);
      const url = `/sandbox/mobile-wallet/${key}/ul/v1/connect?${connectQuery('http://localhost:5173/')}`;
      const page = await (await app.request(url)).text();
      expect(page).toContain('sandbox mobile wallet');
      const approved = new URL((await app.request(url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).headers.get('location')!);
      expect(approved.searchParams.get(`${key}_encryption_public_key`)).toBeTruthy();
      expect(approved.searchParams.get('simulator_encryption_public_key')).toBeNull();
    }
    expect(addresses.size).toBe(1 + REDIRECT_WALLET_KEYS.length);
    expect((await app.request('/sandbox/mobile-wallet/backpacksol/ul/v1/connect')).status).toBe(404);
  });

  it('behavior: an added account is offered on the connect page; approved with it, the connection and its signatures are that account’s', async () => {
    const { app, simulator } = createSimulatorApp();
    const added = (await app.request('/sandbox/mobile-wallet/accounts', { method: 'POST' }));
    expect(added.status).toBe(201);
    const { address: second } = (await added.json()) as { address: string };
    expect(simulator.accounts()).toEqual([simulator.address, second]);
    expect(((await (await app.request('/sandbox/mobile-wallet')).json()) as { accounts: string[] }).accounts).toEqual([simulator.address, second]);

    // The dapp's side: its own box key; the connect page offers both accounts, the first checked.
    const dapp = nacl.box.keyPair();
    const query = new URLSearchParams({ dapp_encryption_public_key: bs58.encode(dapp.publicKey), redirect_link: 'http://localhost:5173/', app_url: 'http://localhost:5173' });
    const connectUrl = `/sandbox/mobile-wallet/ul/v1/connect?${query}`;
    const html = await (await app.request(connectUrl)).text();
    expect(html).toContain(`<input type="radio" name="account" value="${simulator.address}" checked>`);
    expect(html).toContain(`<input type="radio" name="account" value="${second}">`);
    const unknown = await app.request(connectUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve', account: '11111111111111111111111111111111' }) });
    expect(unknown.status).toBe(400);

    const back = new URL((await app.request(connectUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve', account: second }) })).headers.get('location')!);
    const shared = nacl.box.before(bs58.decode(back.searchParams.get('simulator_encryption_public_key')!), dapp.secretKey);
    const open = (url: URL) => JSON.parse(new TextDecoder().decode(nacl.box.open.after(bs58.decode(url.searchParams.get('data')!), bs58.decode(url.searchParams.get('nonce')!), shared)!)) as Record<string, string>;
    const connection = open(back);
    expect(connection['public_key']).toBe(second);

    // Sign a message over that connection: the page names the second account, the signature is its own.
    const message = new TextEncoder().encode('hello from the dapp');
    const nonce = nacl.randomBytes(24);
    const payload = nacl.box.after(new TextEncoder().encode(JSON.stringify({ message: bs58.encode(message), session: connection['session'] })), nonce, shared);
    const signQuery = new URLSearchParams({ dapp_encryption_public_key: bs58.encode(dapp.publicKey), redirect_link: 'http://localhost:5173/', nonce: bs58.encode(nonce), payload: bs58.encode(payload) });
    const signUrl = `/sandbox/mobile-wallet/ul/v1/signMessage?${signQuery}`;
    expect(await (await app.request(signUrl)).text()).toContain(`<code data-testid="wallet-address">${second}</code>`);
    const signed = open(new URL((await app.request(signUrl, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }) })).headers.get('location')!));
    expect(nacl.sign.detached.verify(message, bs58.decode(signed['signature']!), bs58.decode(second))).toBe(true);
    expect(nacl.sign.detached.verify(message, bs58.decode(signed['signature']!), bs58.decode(simulator.address))).toBe(false);
  });
});
