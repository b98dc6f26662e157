import { tokenBalanceSchema } from '@latchkey/protocol';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { airdrop, mintTokenTo } from '@latchkey/sandbox/testing';
import { sandboxInfoSchema } from '../sandboxInfo.js';
import { openDatabase } from '../db/openDatabase.js';
import { startTestSandbox } from '../test/testSandbox.js';
import { marketValueOf, NATIVE_SOL_ADDRESS, NATIVE_SOL_SEED, seedTokenRegistry } from './tokenRegistry.js';

const sandboxUrl = inject('sandboxUrl');
const environmentId = inject('sandboxEnvironmentId');
let rpcUrl: string;
beforeAll(async () => {
  rpcUrl = sandboxInfoSchema.parse(await (await fetch(`${sandboxUrl}/sandbox/info`)).json()).solanaRpcUrl;
});

function balances(chain: string, query: Record<string, string>): Promise<Response> {
  return fetch(`${sandboxUrl}/api/v0/sdk/${environmentId}/chains/${chain}/balances?${new URLSearchParams(query).toString()}`);
}
function putToken(body: unknown): Promise<Response> {
  return fetch(`${sandboxUrl}/sandbox/admin/tokens`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}
async function registry(): Promise<{ address: string; name: string; symbol: string; decimals: number; logoURI?: string; usdPrice?: number }[]> {
  return (await (await fetch(`${sandboxUrl}/sandbox/admin/tokens`)).json()) as never;
}
async function errorOf(response: Response): Promise<{ status: number; code: string; path?: string }> {
  const { error } = (await response.json()) as { error: { code: string; path?: string } };
  return { status: response.status, code: error.code, ...(error.path === undefined ? {} : { path: error.path }) };
}

describe('GET /chains/{chainName}/balances and the sandbox token registry', () => {
  it('default: SOL and SPL balances of an address, described and priced from the registry (native SOL seeded at 150 USD)', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    await airdrop(rpcUrl, owner, 3n * BigInt(LAMPORTS_PER_SOL) / 2n);
    const described = await mintTokenTo(rpcUrl, {
      owner,
      amount: 7_500_000n,
      decimals: 6,
      name: 'Test dollar',
      symbol: 'TUSD',
      logoURI: 'https://tokens.latchkey.example/tusd.svg',
      usdPrice: 1,
      sandboxUrl,
    });
    const unknown = await mintTokenTo(rpcUrl, { owner, amount: 42n, decimals: 0 });

    const response = await balances('SOL', { accountAddress: owner, networkId: '104' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown[];
    for (const entry of body) tokenBalanceSchema.parse(entry);
    expect(body[0]).toEqual({
      networkId: 104,
      address: NATIVE_SOL_ADDRESS,
      name: 'Solana',
      symbol: 'SOL',
      decimals: 9,
      balance: 1.5,
      rawBalance: 1_500_000_000,
      price: 150,
      marketValue: 225,
    });
    expect(body.slice(1)).toEqual(
      [
        {
          networkId: 104,
          address: described.mint,
          name: 'Test dollar',
          symbol: 'TUSD',
          decimals: 6,
          logoURI: 'https://tokens.latchkey.example/tusd.svg',
          balance: 7.5,
          rawBalance: 7_500_000,
          price: 1,
          marketValue: 7.5,
        },
        { networkId: 104, address: unknown.mint, name: 'Unknown token', symbol: `${unknown.mint.slice(0, 4)}…`, decimals: 0, balance: 42, rawBalance: 42 },
      ].sort((a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address)),
    );

    // Without prices, without native; the network defaults to the local one.
    const bare = (await (await balances('SOL', { accountAddress: owner, includePrices: 'false', includeNative: 'false' })).json()) as Record<string, unknown>[];
    expect(bare.map((entry) => entry.address).sort()).toEqual([described.mint, unknown.mint].sort());
    expect(bare.every((entry) => !('price' in entry) && !('marketValue' in entry))).toBe(true);

    // An address that holds nothing has a zero SOL balance and no tokens.
    const empty = (await (await balances('SOL', { accountAddress: Keypair.generate().publicKey.toBase58() })).json()) as Record<string, unknown>[];
    expect(empty).toEqual([expect.objectContaining({ address: NATIVE_SOL_ADDRESS, balance: 0, rawBalance: 0, marketValue: 0 })]);
  });

  it('behavior: the admin route replaces a description; the route answers the new values', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const { mint } = await mintTokenTo(rpcUrl, { owner, amount: 1n, decimals: 2, name: 'First', symbol: 'FST', sandboxUrl });
    const replaced = await putToken({ address: mint, name: ' Second ', symbol: 'SND', usdPrice: 0.333 });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual({ address: mint, name: 'Second', symbol: 'SND', decimals: 2, usdPrice: 0.333 });
    expect((await registry()).find((token) => token.address === mint)).toEqual({ address: mint, name: 'Second', symbol: 'SND', decimals: 2, usdPrice: 0.333 });
    const body = (await (await balances('SOL', { accountAddress: owner })).json()) as Record<string, unknown>[];
    expect(body[1]).toMatchObject({ address: mint, name: 'Second', symbol: 'SND', balance: 0.01, price: 0.333, marketValue: 0 });
  });

  it('behavior: the native price is a registry row (seeded once per environment, kept when an admin changes it)', async () => {
    // Its own sandbox: the shared one's native price is what other test files expect.
    const own = await startTestSandbox();
    try {
      expect((await own.call('GET', '/sandbox/admin/tokens')).body).toEqual([{ ...NATIVE_SOL_SEED }]);
      const changed = await own.call('PUT', '/sandbox/admin/tokens', { body: { address: NATIVE_SOL_ADDRESS, name: 'Solana', symbol: 'SOL', usdPrice: 151.25 } });
      expect(changed.status).toBe(200);
      const owner = Keypair.generate().publicKey.toBase58();
      expect((await own.call('POST', '/sandbox/airdrop', { body: { address: owner, lamports: 1_000_000 } })).status).toBe(200);
      const answer = await own.call('GET', `/chains/SOL/balances?accountAddress=${owner}`);
      expect(answer.body).toEqual([expect.objectContaining({ address: NATIVE_SOL_ADDRESS, rawBalance: 1_000_000, price: 151.25, marketValue: 0.15 })]);
    } finally {
      await own.close();
    }
    // Seeding again (as every start does) keeps an admin's price.
    const db = await openDatabase({ dataDir: 'memory' });
    try {
      await seedTokenRegistry(db, 'env-a', new Date());
      await db.query(`UPDATE token_registry SET usd_price = 99.5 WHERE environment_id = 'env-a'`);
      await seedTokenRegistry(db, 'env-a', new Date());
      await seedTokenRegistry(db, 'env-b', new Date());
      expect(await db.query('SELECT environment_id, address, usd_price FROM token_registry ORDER BY environment_id')).toEqual([
        { environment_id: 'env-a', address: NATIVE_SOL_ADDRESS, usd_price: 99.5 },
        { environment_id: 'env-b', address: NATIVE_SOL_ADDRESS, usd_price: 150 },
      ]);
    } finally {
      await db.close();
    }
  });

  it('error: bad queries are refused with protocol codes', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    expect(await errorOf(await balances('SOL', {}))).toMatchObject({ status: 400, code: 'invalid_request', path: 'accountAddress' });
    expect(await errorOf(await balances('SOL', { accountAddress: 'not-an-address' }))).toEqual({ status: 400, code: 'invalid_wallet_address', path: 'accountAddress' });
    expect(await errorOf(await balances('SOL', { accountAddress: owner, networkId: 'main' }))).toMatchObject({ status: 400, code: 'invalid_request', path: 'networkId' });
    expect(await errorOf(await balances('SOL', { accountAddress: owner, networkId: '101' }))).toEqual({ status: 400, code: 'unable_to_fetch_balances', path: 'networkId' });
    expect(await errorOf(await balances('ETH', { accountAddress: owner }))).toEqual({ status: 400, code: 'unable_to_fetch_balances', path: 'chainName' });
    expect(await errorOf(await balances('DOGE', { accountAddress: owner }))).toEqual({ status: 400, code: 'invalid_request', path: 'chainName' });
  });

  it('error: a bad registration is refused and stores nothing; mintTokenTo checks its description before minting', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const { mint } = await mintTokenTo(rpcUrl, { owner, amount: 5n, decimals: 3 });
    const stranger = Keypair.generate().publicKey.toBase58();
    const before = await registry();
    const cases: [unknown, string][] = [
      [{ address: mint, name: '', symbol: 'X' }, 'name'],
      [{ address: mint, name: 'X', symbol: 'WAYTOOLONGSYMBOL!' }, 'symbol'],
      [{ address: mint, name: 'X', symbol: 'X', usdPrice: -1 }, 'usdPrice'],
      [{ address: mint, name: 'X', symbol: 'X', logoURI: 'http://tokens.example/x.png' }, 'logoURI'],
      [{ address: mint, name: 'X', symbol: 'X', logoURI: 'javascript:alert(1)' }, 'logoURI'],
      [{ address: mint, name: 'X', symbol: 'X', decimals: 6 }, 'decimals'],
      [{ address: mint, name: 'X', symbol: 'X', colour: 'red' }, ''],
      [{ address: 'nope', name: 'X', symbol: 'X' }, 'address'],
      [{ address: stranger, name: 'X', symbol: 'X' }, 'address'],
      [{ address: NATIVE_SOL_ADDRESS, name: 'X', symbol: 'X', decimals: 6 }, 'decimals'],
    ];
    for (const [body, path] of cases) {
      const error = await errorOf(await putToken(body));
      expect(error, JSON.stringify(body)).toMatchObject({ status: 400, code: 'invalid_request' });
      if (path) expect(error.path, JSON.stringify(body)).toBe(path);
    }
    const invalidJson = await fetch(`${sandboxUrl}/sandbox/admin/tokens`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(await errorOf(invalidJson)).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(await registry()).toEqual(before);

    await expect(mintTokenTo(rpcUrl, { owner, amount: 1n, decimals: 0, name: 'No URL', symbol: 'NU' })).rejects.toThrow('sandboxUrl is required');
    await expect(mintTokenTo(rpcUrl, { owner, amount: 1n, decimals: 0, name: 'X', symbol: 'X', usdPrice: -2, sandboxUrl })).rejects.toThrow(/usdPrice/);
    await expect(mintTokenTo(rpcUrl, { owner, amount: 1n, decimals: 0, symbol: 'X', sandboxUrl })).rejects.toThrow(/name/);
    // Nothing was minted: the owner still holds only the first token.
    const held = (await (await balances('SOL', { accountAddress: owner, includeNative: 'false' })).json()) as { address: string }[];
    expect(held.map((entry) => entry.address)).toEqual([mint]);
    expect(await registry()).toEqual(before);
  });

  it('behavior: market values are exact integer arithmetic rounded to cents', () => {
    expect(marketValueOf(1_500_000_000n, 9, 150)).toBe(225);
    expect(marketValueOf(1n, 9, 150)).toBe(0);
    expect(marketValueOf(333_333n, 6, 0.3)).toBe(0.1);
    expect(marketValueOf(123_456_789n, 2, 1.1)).toBe(1_358_024.68);
    expect(marketValueOf(5n, 0, 0.005)).toBe(0.03);
  });
});
