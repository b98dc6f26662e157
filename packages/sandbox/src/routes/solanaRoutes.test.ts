import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { describe, expect, inject, it } from 'vitest';
import { sandboxInfoSchema } from '../sandboxInfo.js';

const sandboxUrl = inject('sandboxUrl');
const environmentId = inject('sandboxEnvironmentId');

async function info() {
  return sandboxInfoSchema.parse(await (await fetch(`${sandboxUrl}/sandbox/info`)).json());
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${sandboxUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('sandbox Solana routes', () => {
  it('default: /sandbox/info names the cluster; /sandbox/airdrop funds an address on it', async () => {
    const { solanaRpcUrl, solanaWsUrl } = await info();
    const connection = new Connection(solanaRpcUrl, { commitment: 'confirmed', wsEndpoint: solanaWsUrl });
    const address = Keypair.generate().publicKey;
    const response = await post('/sandbox/airdrop', { address: address.toBase58(), lamports: 2 * LAMPORTS_PER_SOL });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { signature: string; balance: string };
    expect(body.balance).toBe(String(2 * LAMPORTS_PER_SOL));
    expect(await connection.getBalance(address, 'processed')).toBe(2 * LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature: body.signature, ...latest });
  });

  it('error: a bad airdrop is refused and credits nothing', async () => {
    const { solanaRpcUrl } = await info();
    const connection = new Connection(solanaRpcUrl, 'processed');
    const address = Keypair.generate().publicKey.toBase58();
    for (const body of [{ address: 'nope', lamports: 1 }, { address, lamports: 0 }, { address, lamports: 2_000_000_000_000 }, { address }]) {
      const response = await post('/sandbox/airdrop', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
    }
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    expect(await connection.getBalance(new (await import('@solana/web3.js')).PublicKey(address))).toBe(0);
  });

  it('behavior: /sandbox/solana/blocks produces blocks at once (expiring blockhashes in tests)', async () => {
    const { solanaRpcUrl } = await info();
    const connection = new Connection(solanaRpcUrl, 'confirmed');
    const latest = await connection.getLatestBlockhash();
    const response = await post('/sandbox/solana/blocks', { count: 151 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { blockHeight: number }).blockHeight).toBeGreaterThan(latest.lastValidBlockHeight);
    expect((await connection.isBlockhashValid(latest.blockhash)).value).toBe(false);
    expect((await post('/sandbox/solana/blocks', { count: 100_000 })).status).toBe(400);
  });

  it('default: GET /networks lists the enabled Solana networks; the seeded localnet points at this cluster', async () => {
    const { solanaRpcUrl } = await info();
    const response = await fetch(`${sandboxUrl}/api/v0/sdk/${environmentId}/networks`);
    expect(response.status).toBe(200);
    const [solana] = (await response.json()) as { key: string; networks: { networkId: number; cluster: string; rpcUrls: string[]; genesisHash: string }[] }[];
    expect(solana?.key).toBe('solana');
    expect(solana?.networks.map((network) => network.networkId)).toEqual([104]);
    expect(solana?.networks[0]).toMatchObject({ cluster: 'localnet', rpcUrls: [solanaRpcUrl], nativeCurrency: { symbol: 'SOL', decimals: 9 } });
    expect(solana?.networks[0]?.genesisHash).toBe(await new Connection(solanaRpcUrl).getGenesisHash());
  });

  it("error: settings that put a Solana network outside SPEC's ids without marking it custom, or call a custom one devnet, are refused", async () => {
    const put = (body: unknown) => fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    try {
      for (const network of [
        { networkId: 104, chainName: 'localnet', enabled: true, type: 'default' },
        { networkId: 104, chainName: 'devnet', enabled: true, type: 'custom' },
      ]) {
        const response = await put({ chains: [{ name: 'SOL', enabled: true, networks: [network] }] });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
      }
      const [solana] = (await (await fetch(`${sandboxUrl}/api/v0/sdk/${environmentId}/networks`)).json()) as { networks: { networkId: number; cluster: string }[] }[];
      expect(solana?.networks.map(({ networkId, cluster }) => ({ networkId, cluster }))).toEqual([{ networkId: 104, cluster: 'localnet' }]);
    } finally {
      await fetch(`${sandboxUrl}/sandbox/admin/reset-settings`, { method: 'POST' });
    }
  });

  it('behavior: with every Solana network disabled, GET /networks lists none', async () => {
    const put = (body: unknown) => fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    try {
      expect((await put({ chains: [{ name: 'SOL', enabled: false, networks: [] }] })).status).toBe(200);
      const [solana] = (await (await fetch(`${sandboxUrl}/api/v0/sdk/${environmentId}/networks`)).json()) as { networks: unknown[] }[];
      expect(solana?.networks).toEqual([]);
    } finally {
      await fetch(`${sandboxUrl}/sandbox/admin/reset-settings`, { method: 'POST' });
    }
  });

  it('default: /solana/optimizeTransaction returns a decodable transaction unchanged; bad input is refused', async () => {
    const { Transaction, SystemProgram } = await import('@solana/web3.js');
    const payer = Keypair.generate();
    const transaction = new Transaction({ feePayer: payer.publicKey, blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 1 }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    );
    const base64 = transaction.serialize({ requireAllSignatures: false }).toString('base64');
    const optimize = (body: unknown) => post(`/api/v0/sdk/${environmentId}/solana/optimizeTransaction`, body);
    const ok = await optimize({ address: payer.publicKey.toBase58(), transaction: base64 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ transaction: base64 });
    expect((await optimize({ address: payer.publicKey.toBase58(), transaction: 'AAAA' })).status).toBe(400);
    expect((await optimize({ address: payer.publicKey.toBase58(), transaction: 'not base64!' })).status).toBe(400);
    const simulate = await post(`/api/v0/sdk/${environmentId}/solana/simulateTransaction`, { chain: 'SOL', transactions: ['AAAA'], accountAddress: payer.publicKey.toBase58() });
    expect(simulate.status).toBe(400);
    expect(((await simulate.json()) as { error: { path: string } }).error.path).toBe('transactions.0');
  });
});
