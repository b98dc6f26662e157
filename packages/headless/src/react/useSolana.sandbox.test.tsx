import { act, renderHook, waitFor } from '@testing-library/react';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { useMemo, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createKeypairSigner } from '../solana/createKeypairSigner.js';
import { createSolanaConnection } from '../solana/networks/solanaNetworks.js';
import { createTestClient } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useSendTransaction } from './useSendTransaction.js';
import { useSolanaBalances } from './useSolanaBalances.js';
import { useSolanaNetworks } from './useSolanaNetworks.js';

const sandboxUrl = inject('sandboxUrl');
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
    const info = (await (await fetch(`${sandboxUrl}/sandbox/info`)).json()) as { solanaWsUrl: string };
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
        const connection = useMemo(
          () => (networks.selected ? createSolanaConnection(networks.selected, { wsEndpoint: info.solanaWsUrl }) : undefined),
          [networks.selected],
        );
        const balances = useSolanaBalances({ connection, address: signer.address, networkId: networks.selected?.networkId });
        const send = useSendTransaction({ connection, signer });
        return { networks, balances, send };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.networks.status).toBe('ready'));
    expect(result.current.networks.selected?.networkId).toBe(104);
    await waitFor(() => expect(result.current.balances.balances[0]?.balance).toBe('2.0'));

    act(() => result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: 3n * BigInt(LAMPORTS_PER_SOL) }));
    await waitFor(() => expect(result.current.send.status).toBe('invalid'));
    expect(result.current.send.error?.message).toBe('Insufficient funds.');

    act(() => result.current.send.prepare({ to: Keypair.generate().publicKey.toBase58(), amount: BigInt(LAMPORTS_PER_SOL) / 4n }));
    await waitFor(() => expect(result.current.send.status).toBe('review'), { timeout: 10_000 });
    expect(result.current.send.fee).toBe(5000n);
    act(() => result.current.send.confirm());
    await waitFor(() => expect(result.current.send.status).toBe('done'), { timeout: 15_000 });
    expect(result.current.send.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    act(() => result.current.balances.refresh());
    await waitFor(() => expect(result.current.balances.balances[0]?.rawBalance).toBe(1_749_995_000n));
  });
});
