import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { sendTransactionMachine } from '../core/machines/sendTransaction/sendTransactionMachine.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { createTestClient } from '../testing/sandbox.js';
import { getSolanaBalances, NATIVE_SOL_ADDRESS } from './balances/getSolanaBalances.js';
import { createKeypairSigner } from './createKeypairSigner.js';
import { createSolanaNetworkSelection, getSolanaNetworks, rpcUrlOf, SELECTED_SOLANA_NETWORK_KEY } from './networks/solanaNetworks.js';
import { createSolanaRpc, type SolanaRpc } from './rpc/createSolanaRpc.js';
import { createSolanaTransferPort, type SolanaTransferRequest } from './transfer/createSolanaTransferPort.js';

const sandboxUrl = inject('sandboxUrl');
let client: LatchkeyClient;
let connection: Connection;
let rpc: SolanaRpc;
let info: { solanaRpcUrl: string; solanaWsUrl: string };

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

async function fundedWallet(sol: number) {
  const keypair = Keypair.generate();
  await post('/sandbox/airdrop', { address: keypair.publicKey.toBase58(), lamports: sol * LAMPORTS_PER_SOL });
  return { keypair, signer: createKeypairSigner(keypair) };
}

function startSend(signer: ReturnType<typeof createKeypairSigner>) {
  const port = createSolanaTransferPort({ rpc, client });
  const actor = createActor(sendTransactionMachine, { input: { port: port as never, signer, optimize: true } }).start();
  const settle = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 15_000 });
  const prepare = async (request: SolanaTransferRequest) => {
    actor.send({ type: 'user.prepare', request });
    return settle();
  };
  const confirm = async () => {
    actor.send({ type: 'user.confirm' });
    return settle();
  };
  return { actor, prepare, confirm, settle };
}

beforeAll(async () => {
  info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as typeof info;
  client = await createTestClient({ sandboxUrl, storage: createMemoryStorage() });
  const [network] = await getSolanaNetworks(client);
  // The kit reads and sends through its own RPC client; the test's own checks and mints go through web3.js.
  rpc = createSolanaRpc({ url: rpcUrlOf(network!) });
  connection = new Connection(rpcUrlOf(network!), { commitment: 'confirmed', wsEndpoint: info.solanaWsUrl });
});

afterAll(async () => {
  await client.destroy();
});

describe('Solana against the sandbox cluster', () => {
  it('default: networks — localnet is enabled; the selection is stored, restored, and announced', async () => {
    const networks = await getSolanaNetworks(client);
    expect(networks.map((network) => network.networkId)).toEqual([104]);
    expect(networks[0]?.rpcUrls).toEqual([info.solanaRpcUrl]);
    const second = { ...networks[0]!, chainId: 103, networkId: 103, cluster: 'devnet', key: 'devnet', name: 'Solana Devnet' };
    const changes: unknown[] = [];
    const stop = client.events.on('chain.changed', (change) => changes.push(change));
    const selection = createSolanaNetworkSelection({ client, networks: [networks[0]!, second] });
    expect(selection.getSelected().networkId).toBe(104);
    selection.select(103);
    expect(changes).toEqual([{ chain: 'SOL', networkId: 103 }]);
    expect(client.storage.get(SELECTED_SOLANA_NETWORK_KEY, { safeParse: (value) => ({ success: true, data: value }) })).toBe(103);
    expect(createSolanaNetworkSelection({ client, networks: [networks[0]!, second] }).getSelected().networkId).toBe(103);
    expect(() => selection.select(999)).toThrow(expect.objectContaining({ code: 'no_enabled_networks' }));
    stop();
  });

  it("error: 'No enabled networks' when the project enables none", async () => {
    const put = (body: unknown) => fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    try {
      await put({ chains: [{ name: 'SOL', enabled: false, networks: [] }] });
      await expect(getSolanaNetworks(client)).rejects.toMatchObject({ code: 'no_enabled_networks', message: 'No enabled networks' });
    } finally {
      await fetch(`${sandboxUrl}/sandbox/admin/reset-settings`, { method: 'POST' });
    }
  });

  it('default: sends SOL to a fresh address — review shows the fee and the simulation, balances update', async () => {
    const { keypair, signer } = await fundedWallet(2);
    const to = Keypair.generate().publicKey.toBase58();
    const send = startSend(signer);
    const review = await send.prepare({ to, amount: LAMPORTS_PER_SOL_BIG / 2n });
    expect(review.value).toBe('review');
    expect(review.context.fee).toBe(5000n);
    expect(review.context.simulation?.outAssets[0]?.transfers[0]).toMatchObject({ rawValue: String(LAMPORTS_PER_SOL / 2 + 5000) });
    expect(review.context.simulation?.counterparties).toEqual([to]);
    const done = await send.confirm();
    expect(done.value).toBe('done');
    expect(done.context.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    const balances = await getSolanaBalances({ rpc, owner: keypair.publicKey.toBase58(), networkId: 104, nativeTokenUsdPrice: 150.25, showFiat: true });
    expect(balances[0]).toMatchObject({ address: NATIVE_SOL_ADDRESS, rawBalance: 1_499_995_000n, balance: '1.5', marketValue: '225.38' });
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    expect((await getSolanaBalances({ rpc, owner: to, networkId: 104 }))[0]?.rawBalance).toBe(500_000_000n);
  });

  it("error: a transfer larger than the balance is refused with 'Insufficient funds.' before sending", async () => {
    const { keypair, signer } = await fundedWallet(1);
    const send = startSend(signer);
    const refused = await send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: LAMPORTS_PER_SOL_BIG });
    expect(refused.value).toBe('invalid');
    expect(refused.context.error?.message).toBe('Insufficient funds.');
    expect(await connection.getBalance(keypair.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('error: the destination is required and validated (SPEC §5)', async () => {
    const { signer } = await fundedWallet(1);
    const send = startSend(signer);
    expect((await send.prepare({ to: '', amount: 1n })).context.error).toMatchObject({ code: 'destination_required', path: 'to' });
    expect((await send.prepare({ to: 'O0Il'.repeat(10), amount: 1n })).context.error).toMatchObject({ code: 'invalid_solana_address', path: 'to' });
    expect((await send.prepare({ to: 'abc', amount: 1n })).context.error?.message).toBe('Invalid Solana address: an address is 32 to 44 characters long');
  });

  it("error: a program error is 'Transaction failed' with the error attached (a recipient left below rent)", async () => {
    const { keypair, signer } = await fundedWallet(1);
    const send = startSend(signer);
    await send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: 1000n });
    const failed = await send.confirm();
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toMatchObject({ code: 'transaction_failed', message: 'Transaction failed' });
    expect(JSON.stringify(failed.context.error?.cause)).toContain('insufficient funds for rent');
    expect(await connection.getBalance(keypair.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it('error: an unreachable cluster is network_error (not a failed transaction); the same signed bytes sent twice land once and both sends name the signature', async () => {
    const { signer } = await fundedWallet(1);
    const to = Keypair.generate().publicKey.toBase58();
    const port = createSolanaTransferPort({ rpc, client });
    const prepared = await port.prepare({ to, amount: 10_000_000n }, signer.address);
    const signed = await signer.signTransaction(prepared.transaction);
    // A connection to a port nothing listens on: what the kit sees when the sandbox is stopped.
    const unreachable = createSolanaTransferPort({ rpc: createSolanaRpc({ url: rpcUrlOf({ ...(await getSolanaNetworks(client))[0]!, rpcUrls: ['http://127.0.0.1:9'], privateCustomerRpcUrls: [] }) }) });
    await expect(unreachable.sendRaw(signed)).rejects.toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
    await expect(unreachable.prepare({ to, amount: 1n }, signer.address)).rejects.toMatchObject({ code: 'network_error' });
    const first = await port.sendRaw(signed);
    expect(await port.sendRaw(signed)).toBe(first);
    await port.confirm(first, prepared, new AbortController().signal);
    expect(await connection.getBalance(new PublicKey(to))).toBe(10_000_000);
  });

  it('behavior: a blockhash that expires between review and send is offered as re-sign, which then succeeds', async () => {
    const { signer } = await fundedWallet(1);
    const to = Keypair.generate().publicKey.toBase58();
    const send = startSend(signer);
    await send.prepare({ to, amount: 10_000_000n });
    await post('/sandbox/solana/blocks', { count: 151 });
    const expired = await send.confirm();
    expect(expired.value).toBe('expired');
    expect(expired.context.error?.code).toBe('transaction_expired');
    send.actor.send({ type: 'user.resign' });
    expect((await send.settle()).value).toBe('review');
    expect((await send.confirm()).value).toBe('done');
    expect(await connection.getBalance(new PublicKey(to))).toBe(10_000_000);
  });

  it('default: an SPL token (minted in setup) goes to an address without a token account, which is created', async () => {
    const { keypair, signer } = await fundedWallet(2);
    const mint = await createMint(connection, keypair, keypair.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(connection, keypair, mint, keypair.publicKey);
    await mintTo(connection, keypair, mint, source.address, keypair, 10_000_000n);
    const recipient = Keypair.generate().publicKey.toBase58();
    const send = startSend(signer);
    const review = await send.prepare({ to: recipient, amount: 2_500_000n, mint: mint.toBase58() });
    expect(review.value).toBe('review');
    expect(review.context.prepared?.lamportsNeeded).toBe(2_039_280n);
    expect((await send.confirm()).value).toBe('done');
    const tokens = { [mint.toBase58()]: { name: 'Test dollar', symbol: 'TUSD', decimals: 6 } };
    const mine = await getSolanaBalances({ rpc, owner: keypair.publicKey.toBase58(), networkId: 104, tokens, tokenUsdPrices: { [mint.toBase58()]: 1 }, showFiat: true });
    expect(mine[1]).toMatchObject({ address: mint.toBase58(), symbol: 'TUSD', rawBalance: 7_500_000n, balance: '7.5', marketValue: '7.5' });
    const theirs = await getSolanaBalances({ rpc, owner: recipient, networkId: 104 });
    expect(theirs[1]).toMatchObject({ address: mint.toBase58(), name: 'Unknown token', rawBalance: 2_500_000n, balance: '2.5' });
  });

  it("error: 'Source token account not found' when the sender holds none of the token", async () => {
    const { keypair } = await fundedWallet(2);
    const mint = await createMint(connection, keypair, keypair.publicKey, null, 6);
    const { signer } = await fundedWallet(1);
    const send = startSend(signer);
    const refused = await send.prepare({ to: keypair.publicKey.toBase58(), amount: 1n, mint: mint.toBase58() });
    expect(refused.context.error?.message).toBe('Source token account not found');
  });
});

const LAMPORTS_PER_SOL_BIG = BigInt(LAMPORTS_PER_SOL);
