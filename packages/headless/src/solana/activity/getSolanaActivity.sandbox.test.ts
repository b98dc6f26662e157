import { createMint, getOrCreateAssociatedTokenAccount, mintTo, transferChecked } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';
import { createMemoryStorage } from '../../core/storage/createMemoryStorage.js';
import { createTestClient } from '../../testing/sandbox.js';
import { NATIVE_SOL_ADDRESS } from '../balances/getSolanaBalances.js';
import { getSolanaNetworks, rpcUrlOf } from '../networks/solanaNetworks.js';
import { createSolanaRpc, type SolanaRpc } from '../rpc/createSolanaRpc.js';
import { getSolanaActivity } from './getSolanaActivity.js';

const sandboxUrl = inject('sandboxUrl');
let connection: Connection;
let rpc: SolanaRpc;

async function airdrop(address: string, lamports: number): Promise<string> {
  const response = await fetch(`${sandboxUrl}/sandbox/airdrop`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ address, lamports }) });
  expect(response.status).toBe(200);
  const { signature } = (await response.json()) as { signature: string };
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  return signature;
}

beforeAll(async () => {
  const client = await createTestClient({ sandboxUrl, storage: createMemoryStorage() });
  const [network] = await getSolanaNetworks(client);
  // The kit reads through its own RPC client; the test's transfers go through web3.js.
  rpc = createSolanaRpc({ url: rpcUrlOf(network!) });
  // web3.js confirms through the cluster's websocket; named, not guessed from the RPC's port.
  const { solanaWsUrl } = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { solanaWsUrl: string };
  connection = new Connection(rpcUrlOf(network!), { commitment: 'confirmed', wsEndpoint: solanaWsUrl });
  await client.destroy();
});

describe('getSolanaActivity (against the sandbox cluster)', () => {
  it('default: an airdrop then a transfer, newest first, with direction, amount without the fee, counterparty and time', async () => {
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey;
    const credited = await airdrop(sender.publicKey.toBase58(), 2 * LAMPORTS_PER_SOL);
    const sent = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 0.25 * LAMPORTS_PER_SOL })),
      [sender],
      { commitment: 'confirmed' },
    );
    const items = await getSolanaActivity({ rpc, address: sender.publicKey.toBase58() });
    expect(items.map((item) => item.signature)).toEqual([sent, credited]);
    expect(items[0]).toMatchObject({ status: 'confirmed', direction: 'out', asset: NATIVE_SOL_ADDRESS, isNative: true, symbol: 'SOL', rawAmount: 250_000_000n, amount: '0.25', counterparty: recipient.toBase58(), fee: 5000n });
    expect(items[0]!.time!.getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect(items[1]).toMatchObject({ direction: 'in', rawAmount: 2_000_000_000n, amount: '2.0' });
    expect(items[1]!.counterparty).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(items[1]).not.toHaveProperty('fee');
    // The recipient sees the same transfer coming in from the sender; `limit` caps the list.
    expect(await getSolanaActivity({ rpc, address: recipient.toBase58() })).toEqual([
      expect.objectContaining({ signature: sent, direction: 'in', amount: '0.25', counterparty: sender.publicKey.toBase58() }),
    ]);
    expect(await getSolanaActivity({ rpc, address: sender.publicKey.toBase58(), limit: 1 })).toHaveLength(1);
  });

  it('behavior: a token transfer shows the token, its symbol when described, and the owner on the other side', async () => {
    const payer = Keypair.generate();
    const other = Keypair.generate().publicKey;
    await airdrop(payer.publicKey.toBase58(), 2 * LAMPORTS_PER_SOL);
    const mint = await createMint(connection, payer, payer.publicKey, null, 6, undefined, { commitment: 'confirmed' });
    const from = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey, false, 'confirmed');
    const to = await getOrCreateAssociatedTokenAccount(connection, payer, mint, other, false, 'confirmed');
    await mintTo(connection, payer, mint, from.address, payer, 5_000_000, [], { commitment: 'confirmed' });
    const signature = await transferChecked(connection, payer, from.address, mint, to.address, payer, 1_500_000, 6, [], { commitment: 'confirmed' });
    const [item] = await getSolanaActivity({ rpc, address: payer.publicKey.toBase58(), tokens: { [mint.toBase58()]: { symbol: 'TST', name: 'Test', decimals: 6 } } });
    expect(item).toMatchObject({ signature, direction: 'out', asset: mint.toBase58(), isNative: false, symbol: 'TST', rawAmount: 1_500_000n, amount: '1.5', counterparty: other.toBase58() });
    const [received] = await getSolanaActivity({ rpc, address: other.toBase58() });
    expect(received).toMatchObject({ signature, direction: 'in', symbol: `${mint.toBase58().slice(0, 4)}…`, amount: '1.5', counterparty: payer.publicKey.toBase58() });
  });

  it('default: an address without transactions has an empty activity', async () => {
    expect(await getSolanaActivity({ rpc, address: Keypair.generate().publicKey.toBase58() })).toEqual([]);
  });

  it('error: a bad address is invalid_parameters; an unreachable cluster is network_error', async () => {
    await expect(getSolanaActivity({ rpc, address: 'nope' })).rejects.toBeInstanceOf(LatchkeyError);
    const dead = createSolanaRpc({ url: 'http://127.0.0.1:9/' });
    await expect(getSolanaActivity({ rpc: dead, address: Keypair.generate().publicKey.toBase58() })).rejects.toMatchObject({ code: 'network_error' });
  });
});
