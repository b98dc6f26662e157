import { act, renderHook, waitFor } from '@testing-library/react';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { getSolanaNetworks, rpcUrlOf } from '../solana/networks/solanaNetworks.js';
import { createSolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import { createTestClient } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useSolanaActivity } from './useSolanaActivity.js';

const sandboxUrl = inject('sandboxUrl');
const SANDBOX_WAIT = { timeout: 10_000 };
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

// Node's Uint8Array for this file (web3.js's buffer-layout checks `instanceof Uint8Array` against Node's realm).
const jsdomUint8Array = globalThis.Uint8Array;
beforeAll(() => {
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
});
afterAll(() => {
  globalThis.Uint8Array = jsdomUint8Array;
});

async function setUp() {
  const client = await createTestClient({ sandboxUrl });
  clients.push(client);
  const [network] = await getSolanaNetworks(client);
  // The hook reads through the kit's own RPC client; the test's transfers go through web3.js.
  const rpc = createSolanaRpc({ url: rpcUrlOf(network!) });
  const connection = new Connection(rpcUrlOf(network!), 'confirmed');
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  return { client, rpc, connection, wrapper };
}

describe('useSolanaActivity (against the sandbox cluster)', () => {
  it('default: idle without an address; loading → ready with the airdrop; refresh after a transfer lists it first', async () => {
    const { rpc, connection, wrapper } = await setUp();
    const sender = Keypair.generate();
    const recipient = Keypair.generate().publicKey;
    const response = await fetch(`${sandboxUrl}/sandbox/airdrop`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: sender.publicKey.toBase58(), lamports: LAMPORTS_PER_SOL }),
    });
    const { signature: credited } = (await response.json()) as { signature: string };
    await connection.confirmTransaction({ signature: credited, ...(await connection.getLatestBlockhash()) }, 'confirmed');
    const { result, rerender } = renderHook(({ address }: { address: string | undefined }) => useSolanaActivity({ rpc, address }), {
      wrapper,
      initialProps: { address: undefined as string | undefined },
    });
    expect(result.current).toMatchObject({ status: 'idle', items: [], isBusy: false });
    rerender({ address: sender.publicKey.toBase58() });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'), SANDBOX_WAIT);
    expect(result.current.items.map((item) => [item.signature, item.direction, item.amount])).toEqual([[credited, 'in', '1.0']]);

    const sent = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 0.1 * LAMPORTS_PER_SOL })),
      [sender],
      { commitment: 'confirmed' },
    );
    act(() => result.current.refresh());
    // The list read before stays while the new read loads.
    expect(result.current).toMatchObject({ status: 'loading', isBusy: true });
    expect(result.current.items).toHaveLength(1);
    await waitFor(() => expect(result.current.status).toBe('ready'), SANDBOX_WAIT);
    expect(result.current.items.map((item) => [item.signature, item.direction, item.amount, item.counterparty])).toEqual([
      [sent, 'out', '0.1', recipient.toBase58()],
      [credited, 'in', '1.0', expect.any(String)],
    ]);
  });

  it('default: a wallet without transactions is ready and empty', async () => {
    const { rpc, wrapper } = await setUp();
    const address = Keypair.generate().publicKey.toBase58();
    const { result } = renderHook(() => useSolanaActivity({ rpc, address }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'), SANDBOX_WAIT);
    expect(result.current.items).toEqual([]);
  });

  it('error: an unreachable cluster fails with network_error and the kit sentence', async () => {
    const { wrapper } = await setUp();
    const dead = createSolanaRpc({ url: 'http://127.0.0.1:9/' });
    const address = Keypair.generate().publicKey.toBase58();
    const { result } = renderHook(() => useSolanaActivity({ rpc: dead, address }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('failed'), SANDBOX_WAIT);
    expect(result.current.error).toMatchObject({ code: 'network_error' });
    expect(result.current.error?.message).toBeTruthy();
  });
});
