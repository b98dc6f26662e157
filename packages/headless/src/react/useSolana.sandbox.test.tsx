import { act, renderHook, waitFor } from '@testing-library/react';
import { Connection, Keypair, LAMPORTS_PER_SOL, VersionedTransaction } from '@solana/web3.js';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { fiatValue, NATIVE_SOL_ADDRESS, type SolanaBalance } from '../solana/balances/getSolanaBalances.js';
import { createKeypairSigner } from '../solana/createKeypairSigner.js';
import { rpcUrlOf } from '../solana/networks/solanaNetworks.js';
import { createSolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import { createTestClient } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useSendTransaction } from './useSendTransaction.js';
import { useSolanaBalances } from './useSolanaBalances.js';
import { useSolanaNetworks } from './useSolanaNetworks.js';

const sandboxUrl = inject('sandboxUrl');
/** Sandbox round trips (RPC, product API) on a busy 2-core machine take longer than waitFor's 1 s default. */
const SANDBOX_WAIT = { timeout: 10_000 };
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

// vitest's jsdom environment installs jsdom's Uint8Array while Node's Buffer (which @solana/buffer-layout checks with
// `instanceof Uint8Array`) comes from Node's realm; a browser has one realm. Node's Uint8Array for this file only.
const jsdomUint8Array = globalThis.Uint8Array;
beforeAll(() => {
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
});
afterAll(() => {
  globalThis.Uint8Array = jsdomUint8Array;
});

describe('Solana hooks (against the sandbox)', () => {
  it('default: networks → balances → send SOL → confirmed → balances refreshed; too much is refused before sending', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const keypair = Keypair.generate();
    const airdrop = await fetch(`${sandboxUrl}/sandbox/airdrop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: keypair.publicKey.toBase58(), lamports: 2 * LAMPORTS_PER_SOL }),
    });
    expect(airdrop.status).toBe(200);
    const signer = createKeypairSigner(keypair);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(
      () => {
        const networks = useSolanaNetworks();
        const rpc = useMemo(() => (networks.selected ? createSolanaRpc({ url: rpcUrlOf(networks.selected) }) : undefined), [networks.selected]);
        const balances = useSolanaBalances({ rpc, address: signer.address, networkId: networks.selected?.networkId });
        const send = useSendTransaction({ rpc, signer });
        return { networks, balances, send };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.networks.status).toBe('ready'), SANDBOX_WAIT);
    expect(result.current.networks.selected?.networkId).toBe(104);
    await waitFor(() => expect(result.current.balances.balances[0]?.balance).toBe('2.0'), SANDBOX_WAIT);

    act(() => result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: 3n * BigInt(LAMPORTS_PER_SOL) }));
    await waitFor(() => expect(result.current.send.status).toBe('invalid'), SANDBOX_WAIT);
    expect(result.current.send.error?.message).toBe('Insufficient funds.');

    act(() => result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: BigInt(LAMPORTS_PER_SOL) / 4n }));
    await waitFor(() => expect(result.current.send.status).toBe('review'), { timeout: 10_000 });
    expect(result.current.send.fee).toBe(5000n);
    act(() => result.current.send.confirm());
    await waitFor(() => expect(result.current.send.status).toBe('done'), { timeout: 15_000 });
    expect(result.current.send.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    act(() => result.current.balances.refresh());
    await waitFor(() => expect(result.current.balances.balances[0]?.rawBalance).toBe(1_749_995_000n), SANDBOX_WAIT);
  });
});

/** Every product API request the client makes, with its body and the sandbox's answer status. */
interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
}

function recordingFetch(log: RecordedRequest[]): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const response = await fetch(input, init);
    const answer = await response.clone().json().catch(() => undefined);
    log.push({ method, path: new URL(url).pathname, body, status: response.status, answer });
    return response;
  };
}

const putSettings = (patch: unknown) =>
  fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) }).then((response) => {
    expect(response.status).toBe(200);
  });

describe('useSendTransaction: optimizeTransaction follows the project settings (sdk.embeddedWallets.transactionSimulation)', () => {
  let info: { solanaWsUrl: string; environmentId: string };
  beforeAll(async () => {
    info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as typeof info;
  });
  afterEach(async () => {
    // `null` deletes the key again: the seed has no embedded-wallet settings.
    await putSettings({ sdk: { embeddedWallets: { transactionSimulation: null } } });
  });

  async function render(optimize: boolean | undefined) {
    const log: RecordedRequest[] = [];
    const client = await createTestClient({ sandboxUrl, fetch: recordingFetch(log) });
    clients.push(client);
    const keypair = Keypair.generate();
    const airdrop = await fetch(`${sandboxUrl}/sandbox/airdrop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: keypair.publicKey.toBase58(), lamports: LAMPORTS_PER_SOL }),
    });
    expect(airdrop.status).toBe(200);
    const signer = createKeypairSigner(keypair);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(
      () => {
        const settings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get);
        const networks = useSolanaNetworks();
        const rpc = useMemo(() => (networks.selected ? createSolanaRpc({ url: rpcUrlOf(networks.selected) }) : undefined), [networks.selected]);
        const send = useSendTransaction({ rpc, signer, ...(optimize === undefined ? {} : { optimize }) });
        return { settings, networks, send };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.settings.status).toBe('ready'), SANDBOX_WAIT);
    await waitFor(() => expect(result.current.networks.status).toBe('ready'), SANDBOX_WAIT);
    const optimizeCalls = () => log.filter((entry) => entry.path.endsWith('/solana/optimizeTransaction'));
    return { result, signer, optimizeCalls };
  }

  it('behavior: enabled in the settings → the built transaction goes to the sandbox\'s /solana/optimizeTransaction before review, and the transfer completes', async () => {
    await putSettings({ sdk: { embeddedWallets: { transactionSimulation: true } } });
    const { result, signer, optimizeCalls } = await render(undefined);
    const to = Keypair.generate().publicKey.toBase58();
    act(() => result.current.send.prepare({ to, amount: BigInt(LAMPORTS_PER_SOL) / 10n }));
    await waitFor(() => expect(result.current.send.status).toBe('review'), { timeout: 10_000 });
    expect(optimizeCalls()).toHaveLength(1);
    const [call] = optimizeCalls();
    expect(call).toMatchObject({ method: 'POST', path: `/api/v0/sdk/${info.environmentId}/solana/optimizeTransaction`, status: 200 });
    expect(call?.body).toMatchObject({ environmentId: info.environmentId, address: signer.address });
    // What was sent is the built, still unsigned transfer; what came back is what the review shows and the wallet signs.
    const sent = VersionedTransaction.deserialize(Buffer.from((call?.body as { transaction: string }).transaction, 'base64'));
    expect(sent.message.staticAccountKeys.map((key) => key.toBase58())).toEqual(expect.arrayContaining([signer.address, to]));
    expect(sent.signatures[0]?.every((byte) => byte === 0)).toBe(true);
    expect(Buffer.from(result.current.send.prepared!.transaction).toString('base64')).toBe((call?.answer as { transaction: string }).transaction);
    act(() => result.current.send.confirm());
    await waitFor(() => expect(result.current.send.status).toBe('done'), { timeout: 15_000 });
    expect(optimizeCalls()).toHaveLength(1);
  });

  it('behavior: not enabled in the settings → no optimizeTransaction request, the transfer still completes', async () => {
    const { result, optimizeCalls } = await render(undefined);
    act(() => result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: BigInt(LAMPORTS_PER_SOL) / 10n }));
    await waitFor(() => expect(result.current.send.status).toBe('review'), { timeout: 10_000 });
    act(() => result.current.send.confirm());
    await waitFor(() => expect(result.current.send.status).toBe('done'), { timeout: 15_000 });
    expect(optimizeCalls()).toEqual([]);
  });

  it('behavior: the explicit `optimize` option overrides the settings either way', async () => {
    await putSettings({ sdk: { embeddedWallets: { transactionSimulation: true } } });
    const off = await render(false);
    act(() => off.result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: 1000n }));
    await waitFor(() => expect(off.result.current.send.status).toBe('review'), { timeout: 10_000 });
    expect(off.optimizeCalls()).toEqual([]);

    await putSettings({ sdk: { embeddedWallets: { transactionSimulation: false } } });
    const on = await render(true);
    act(() => on.result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: 1000n }));
    await waitFor(() => expect(on.result.current.send.status).toBe('review'), { timeout: 10_000 });
    expect(on.optimizeCalls()).toHaveLength(1);
  });
});

describe('useSolanaBalances: descriptions and prices from GET /chains/SOL/balances, amounts from the RPC', () => {
  let info: { solanaRpcUrl: string; solanaWsUrl: string };
  let owner: Keypair;
  let mint: string;
  beforeAll(async () => {
    info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as typeof info;
    owner = Keypair.generate();
    const airdrop = await fetch(`${sandboxUrl}/sandbox/airdrop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: owner.publicKey.toBase58(), lamports: 1.5 * LAMPORTS_PER_SOL }),
    });
    expect(airdrop.status).toBe(200);
    const connection = new Connection(info.solanaRpcUrl, { commitment: 'confirmed', wsEndpoint: info.solanaWsUrl });
    const mintKey = await createMint(connection, owner, owner.publicKey, null, 6);
    const account = await getOrCreateAssociatedTokenAccount(connection, owner, mintKey, owner.publicKey);
    await mintTo(connection, owner, mintKey, account.address, owner, 7_500_000n);
    mint = mintKey.toBase58();
    const registered = await fetch(`${sandboxUrl}/sandbox/admin/tokens`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: mint, name: 'Test dollar', symbol: 'TUSD', logoURI: 'https://tokens.latchkey.example/tusd.svg', usdPrice: 1 }),
    });
    expect(registered.status).toBe(200);
  }, 30_000);

  async function render(options: { failRoute?: boolean; rpcUrl?: string } = {}) {
    const routeCalls: { url: string; authorization: string | null }[] = [];
    const doFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/chains/')) {
        routeCalls.push({ url, authorization: new Headers(init?.headers).get('authorization') });
        if (options.failRoute) return new Response(JSON.stringify({ error: { code: 'internal_error', message: 'Internal error.' } }), { status: 503 });
      }
      return fetch(input, init);
    };
    const client = await createTestClient({ sandboxUrl, fetch: doFetch });
    clients.push(client);
    const rpc = createSolanaRpc({ url: options.rpcUrl ?? info.solanaRpcUrl });
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => useSolanaBalances({ rpc, address: owner.publicKey.toBase58(), networkId: 104 }), { wrapper });
    await waitFor(() => expect(['ready', 'failed']).toContain(result.current.status), { timeout: 10_000 });
    await waitFor(() => expect(result.current.showFiat).toBe(true), SANDBOX_WAIT);
    return { result, routeCalls };
  }
  const summary = (balances: readonly SolanaBalance[]) =>
    balances.map(({ address, name, symbol, rawBalance, price, marketValue, logoURI }) => ({ address, name, symbol, rawBalance, price, marketValue, logoURI }));

  it('default: SPL tokens are named, carry their logo, and both SOL (150 USD seeded) and the token have fiat values (showFiat)', async () => {
    const lamports = BigInt(await new Connection(info.solanaRpcUrl, 'confirmed').getBalance(owner.publicKey));
    const { result, routeCalls } = await render();
    expect(result.current.status).toBe('ready');
    expect(result.current.error).toBeUndefined();
    expect(result.current.showFiat).toBe(true);
    expect(summary(result.current.balances)).toEqual([
      { address: NATIVE_SOL_ADDRESS, name: 'Solana', symbol: 'SOL', rawBalance: lamports, price: 150, marketValue: fiatValue(lamports, 9, 150), logoURI: undefined },
      { address: mint, name: 'Test dollar', symbol: 'TUSD', rawBalance: 7_500_000n, price: 1, marketValue: '7.5', logoURI: 'https://tokens.latchkey.example/tusd.svg' },
    ]);
    expect(result.current.balances[1]?.balance).toBe('7.5');
    // One public request (no bearer: DESIGN's chain helpers need none) for this address on the selected network.
    expect(routeCalls).toHaveLength(1);
    const url = new URL(routeCalls[0]!.url);
    expect(url.pathname.endsWith('/chains/SOL/balances')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({ accountAddress: owner.publicKey.toBase58(), networkId: '104' });
    expect(routeCalls[0]?.authorization).toBeNull();
  });

  it('behavior: when the route fails, the RPC amounts are shown without descriptions or prices, and no error', async () => {
    const lamports = BigInt(await new Connection(info.solanaRpcUrl, 'confirmed').getBalance(owner.publicKey));
    const { result, routeCalls } = await render({ failRoute: true });
    expect(routeCalls).toHaveLength(1);
    expect(result.current.status).toBe('ready');
    expect(result.current.error).toBeUndefined();
    expect(summary(result.current.balances)).toEqual([
      { address: NATIVE_SOL_ADDRESS, name: 'Solana', symbol: 'SOL', rawBalance: lamports, price: undefined, marketValue: undefined, logoURI: undefined },
      { address: mint, name: 'Unknown token', symbol: `${mint.slice(0, 4)}…`, rawBalance: 7_500_000n, price: undefined, marketValue: undefined, logoURI: undefined },
    ]);
  });

  it('behavior: sdk.enableMultiAsset — false shows SOL alone (no token to show or send), true shows the token too', async () => {
    const lamports = BigInt(await new Connection(info.solanaRpcUrl, 'confirmed').getBalance(owner.publicKey));
    try {
      await putSettings({ sdk: { enableMultiAsset: false } });
      const off = await render();
      expect(off.result.current.status).toBe('ready');
      expect(summary(off.result.current.balances).map(({ symbol, rawBalance }) => [symbol, rawBalance])).toEqual([['SOL', lamports]]);
      expect(off.result.current.multiAsset).toBe(false);
    } finally {
      await putSettings({ sdk: { enableMultiAsset: true } });
    }
    const on = await render();
    expect(on.result.current.multiAsset).toBe(true);
    expect(summary(on.result.current.balances).map(({ symbol, rawBalance }) => [symbol, rawBalance])).toEqual([
      ['SOL', lamports],
      ['TUSD', 7_500_000n],
    ]);
  });

  it("behavior: when the RPC cannot be read, the route's amounts are shown; when both fail, the RPC's error", async () => {
    const dead = 'http://127.0.0.1:9/';
    const lamports = BigInt(await new Connection(info.solanaRpcUrl, 'confirmed').getBalance(owner.publicKey));
    const fromRoute = await render({ rpcUrl: dead });
    expect(fromRoute.result.current.status).toBe('ready');
    expect(summary(fromRoute.result.current.balances).map(({ name, rawBalance }) => [name, rawBalance])).toEqual([
      ['Solana', lamports],
      ['Test dollar', 7_500_000n],
    ]);

    const neither = await render({ rpcUrl: dead, failRoute: true });
    expect(neither.result.current.status).toBe('failed');
    expect(neither.result.current.balances).toEqual([]);
    expect(neither.result.current.error).toBeInstanceOf(LatchkeyError);
  });
});
