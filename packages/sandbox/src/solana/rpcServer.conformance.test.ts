import {
  createMint,
  getAccount,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionExpiredBlockheightExceededError,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeServer, listenPreferring } from '../net/listen.js';
import { LocalCluster, MAX_PROCESSING_AGE } from './localCluster.js';
import { startSolanaRpc, type SolanaRpcServer } from './rpcServer.js';

// The unmodified web3.js Connection and spl-token helpers against the sandbox's cluster.
let cluster: LocalCluster;
let rpc: SolanaRpcServer;
let connection: Connection;
const internalErrors: unknown[] = [];

async function funded(sol: number): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  return keypair;
}

async function rawRpc(body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(rpc.rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  return { status: response.status, json: response.status === 204 ? undefined : await response.json() };
}

beforeAll(async () => {
  cluster = new LocalCluster({ slotMs: 40 });
  rpc = await startSolanaRpc({ cluster, host: '127.0.0.1', port: 0, onInternalError: (error) => internalErrors.push(error) });
  connection = new Connection(rpc.rpcUrl, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl, disableRetryOnRateLimit: true });
});

afterAll(async () => {
  await rpc.close();
  cluster.close();
  expect(internalErrors).toEqual([]);
});

describe('Solana JSON-RPC of the local cluster, driven by @solana/web3.js', () => {
  it('default: version, genesis hash, slot and block height move forward', async () => {
    const version = await connection.getVersion();
    expect(version['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await connection.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const first = await connection.getBlockHeight();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await connection.getBlockHeight()).toBeGreaterThan(first);
    expect(await connection.getSlot('processed')).toBeGreaterThan(await connection.getSlot('finalized'));
  });

  it('default: an airdrop confirms through the websocket and credits the balance', async () => {
    const keypair = await funded(2);
    expect(await connection.getBalance(keypair.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
  });

  it('default: sendAndConfirmTransaction moves SOL, charges the fee getFeeForMessage quotes, and reports statuses', async () => {
    const from = await funded(3);
    const to = Keypair.generate().publicKey;
    const before = await connection.getBlockHeight();
    const latest = await connection.getLatestBlockhash();
    const after = await connection.getBlockHeight();
    expect(latest.lastValidBlockHeight - MAX_PROCESSING_AGE).toBeGreaterThanOrEqual(before);
    expect(latest.lastValidBlockHeight - MAX_PROCESSING_AGE).toBeLessThanOrEqual(after);
    const transaction = new Transaction({ feePayer: from.publicKey, ...latest }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }));
    const fee = (await connection.getFeeForMessage(transaction.compileMessage())).value;
    expect(fee).toBe(5000);
    const signature = await sendAndConfirmTransaction(connection, transaction, [from]);
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL);
    expect(await connection.getBalance(from.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 5000);
    const { value } = await connection.getSignatureStatuses([signature, '1'.repeat(64)]);
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: expect.stringMatching(/^(confirmed|finalized)$/) });
    expect(value[1]).toBeNull();
  });

  it('default: rent exemption and account info match LiteSVM', async () => {
    const owner = await funded(1);
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890880);
    const info = await connection.getAccountInfo(owner.publicKey);
    expect(info).toMatchObject({ lamports: LAMPORTS_PER_SOL, executable: false });
    expect(info?.owner.equals(SystemProgram.programId)).toBe(true);
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
  });

  it('default: spl-token createMint, getOrCreateAssociatedTokenAccount, mintTo and transfer; parsed token accounts', async () => {
    const payer = await funded(5);
    const recipient = Keypair.generate();
    const mint = await createMint(connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey);
    await mintTo(connection, payer, mint, source.address, payer, 5_250_000n);
    const destination = await getOrCreateAssociatedTokenAccount(connection, payer, mint, recipient.publicKey);
    await transfer(connection, payer, source.address, destination.address, payer, 1_500_000n);

    expect((await getAccount(connection, destination.address)).amount).toBe(1_500_000n);
    expect((await connection.getTokenAccountBalance(source.address)).value).toEqual({ amount: '3750000', decimals: 6, uiAmount: 3.75, uiAmountString: '3.75' });

    const parsed = await connection.getParsedTokenAccountsByOwner(payer.publicKey, { programId: TOKEN_PROGRAM_ID });
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0]!.pubkey.equals(source.address)).toBe(true);
    expect(parsed.value[0]!.account.data).toMatchObject({
      program: 'spl-token',
      space: 165,
      parsed: { type: 'account', info: { mint: mint.toBase58(), owner: payer.publicKey.toBase58(), state: 'initialized', tokenAmount: { amount: '3750000', decimals: 6 } } },
    });
    const byMint = await connection.getTokenAccountsByOwner(recipient.publicKey, { mint });
    expect(byMint.value.map((entry) => entry.pubkey.toBase58())).toEqual([destination.address.toBase58()]);
    const mintInfo = await connection.getParsedAccountInfo(mint);
    expect(mintInfo.value?.data).toMatchObject({ program: 'spl-token', parsed: { type: 'mint', info: { decimals: 6, supply: '5250000', mintAuthority: payer.publicKey.toBase58() } } });
  });

  it('error: a program error is refused by preflight with its logs; without preflight it lands as failed', async () => {
    const from = await funded(1);
    const to = Keypair.generate().publicKey;
    const tooMuch = () => new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 5 * LAMPORTS_PER_SOL }));
    const refused = await sendAndConfirmTransaction(connection, tooMuch(), [from]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SendTransactionError);
    expect((refused as SendTransactionError).message).toContain('custom program error: 0x1');
    expect((refused as SendTransactionError).transactionError.logs?.join('\n')).toContain('insufficient lamports');

    const latest = await connection.getLatestBlockhash();
    const transaction = tooMuch();
    transaction.recentBlockhash = latest.blockhash;
    transaction.feePayer = from.publicKey;
    transaction.sign(from);
    const signature = await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true });
    // web3.js resolves with the error when the notification comes first, and rejects with it when its status check does.
    const err = await connection.confirmTransaction({ signature, ...latest }, 'confirmed').then(
      (result) => result.value.err,
      (error: unknown) => error,
    );
    expect(err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
  });

  it('error: a blockhash expires by block height — preflight says "Blockhash not found", getFeeForMessage answers null, confirmTransaction reports expiry', async () => {
    const from = await funded(1);
    const latest = await connection.getLatestBlockhash();
    const transaction = new Transaction({ feePayer: from.publicKey, ...latest }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    transaction.sign(from);
    cluster.produceBlocks(MAX_PROCESSING_AGE + 1);
    expect(await connection.getBlockHeight()).toBeGreaterThan(latest.lastValidBlockHeight);
    expect((await connection.getFeeForMessage(transaction.compileMessage())).value).toBeNull();
    expect(await connection.isBlockhashValid(latest.blockhash)).toMatchObject({ value: false });

    const refused = await connection.sendRawTransaction(transaction.serialize()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SendTransactionError);
    expect((refused as Error).message).toContain('Blockhash not found');

    const signature = await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true });
    const expired = await connection.confirmTransaction({ signature, ...latest }, 'confirmed').catch((error: unknown) => error);
    expect(expired).toBeInstanceOf(TransactionExpiredBlockheightExceededError);
    expect(await connection.getBalance(from.publicKey)).toBe(LAMPORTS_PER_SOL);
    expect((await connection.getSignatureStatuses([signature])).value[0]).toBeNull();
  });

  it('behavior: the same transaction sent twice lands once', async () => {
    const from = await funded(1);
    const to = Keypair.generate().publicKey;
    const latest = await connection.getLatestBlockhash();
    const transaction = new Transaction({ feePayer: from.publicKey, ...latest }).add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 1_000_000 }));
    transaction.sign(from);
    const signature = await connection.sendRawTransaction(transaction.serialize());
    expect(await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true })).toBe(signature);
    await expect(connection.sendRawTransaction(transaction.serialize())).rejects.toThrow('already been processed');
    await connection.confirmTransaction({ signature, ...latest });
    expect(await connection.getBalance(to)).toBe(1_000_000);
  });
});

describe('bad JSON-RPC input gets JSON-RPC errors', () => {
  it('error: -32700 for a body that is not JSON', async () => {
    expect(await rawRpc('{nope')).toEqual({ status: 200, json: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } });
  });

  it('error: -32600 for a request that is not a JSON-RPC 2.0 request', async () => {
    for (const body of ['42', '{"id":1,"method":"getSlot"}', '{"jsonrpc":"2.0","id":1,"method":7}', '[]']) {
      const { json } = await rawRpc(body);
      expect((json as { error: { code: number } }).error.code).toBe(-32600);
    }
  });

  it('error: -32601 for an unknown method, -32602 for bad params', async () => {
    expect(await rawRpc('{"jsonrpc":"2.0","id":1,"method":"getEverything"}')).toMatchObject({ json: { id: 1, error: { code: -32601, message: 'Method not found' } } });
    const bad = [
      ['getBalance', ['not-a-key']],
      ['getBalance', []],
      ['getBalance', [Keypair.generate().publicKey.toBase58(), { commitment: 'soon' }]],
      ['getMinimumBalanceForRentExemption', [-1]],
      ['sendTransaction', ['AAAA', { encoding: 'base64' }]],
      ['sendTransaction', ['@@@', { encoding: 'base64' }]],
      ['getFeeForMessage', ['AQID']],
      ['requestAirdrop', [Keypair.generate().publicKey.toBase58(), 0]],
      ['getTokenAccountBalance', [Keypair.generate().publicKey.toBase58()]],
      ['getTokenAccountsByOwner', [Keypair.generate().publicKey.toBase58(), {}]],
      ['getBalance', { pubkey: 'x' }],
    ] as const;
    for (const [method, params] of bad) {
      const { json } = await rawRpc(JSON.stringify({ jsonrpc: '2.0', id: 'x', method, params }));
      expect({ method, code: (json as { error?: { code: number } }).error?.code }).toEqual({ method, code: -32602 });
    }
  });

  it('behavior: a batch answers each request; a notification gets no reply; an oversized body is refused', async () => {
    const key = new PublicKey(Keypair.generate().publicKey).toBase58();
    const { json } = await rawRpc(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [key] }, { jsonrpc: '2.0', id: 2, method: 'nope' }, { jsonrpc: '2.0', method: 'getSlot' }]));
    expect(json).toMatchObject([{ id: 1, result: { value: 0 } }, { id: 2, error: { code: -32601 } }]);
    expect((json as unknown[]).length).toBe(2);
    expect((await rawRpc('{"jsonrpc":"2.0","method":"getSlot"}')).status).toBe(204);
    const huge = await rawRpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: ['x'.repeat(300 * 1024)] }));
    expect(huge.status).toBe(413);
  });

  it('error: the websocket answers bad subscriptions with JSON-RPC errors', async () => {
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(rpc.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse(String(data))));
    socket.send('{oops');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribeEverything', params: [] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: ['short'] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'signatureUnsubscribe', params: [999] }));
    for (let tries = 0; tries < 50 && replies.length < 4; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close();
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
      expect.objectContaining({ id: 2, error: expect.objectContaining({ code: -32602 }) }),
      expect.objectContaining({ id: 3, error: { code: -32602, message: 'Invalid subscription id.' } }),
    ]);
  });

  it("behavior: the websocket takes the port after the RPC's, so a Connection given only the RPC's URL confirms; the RPC's close ends it for good", async () => {
    // The preferred port is taken, as a busy machine's can be: the RPC moves, and its websocket moves beside it.
    const blocker = createServer();
    const taken = await listenPreferring(blocker, 0, '127.0.0.1');
    const moved = await startSolanaRpc({ cluster, host: '127.0.0.1', port: taken, onInternalError: (error) => internalErrors.push(error) });
    try {
      const rpcPort = Number(new URL(moved.rpcUrl).port);
      const wsPort = Number(new URL(moved.wsUrl).port);
      expect(rpcPort).not.toBe(taken);
      if (wsPort !== rpcPort + 1) {
        // Only when another process holds that port too.
        const probe = createServer();
        await expect(listenPreferring(probe, rpcPort + 1, '127.0.0.1').then((port) => port !== rpcPort + 1)).resolves.toBe(true);
        await closeServer(probe);
        return;
      }
      const bare = new Connection(moved.rpcUrl, 'confirmed'); // web3.js guesses ws at the RPC's port + 1
      const signature = await bare.requestAirdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL);
      const latest = await bare.getLatestBlockhash();
      await expect(bare.confirmTransaction({ signature, ...latest }, 'confirmed')).resolves.toMatchObject({ value: { err: null } });
      // The confirmation's socket idles open for a while after it: the RPC's close ends it with a normal closure, so
      // web3.js does not dial a port nothing serves, every second from then on (it does after any other code).
      const socket = (bare as unknown as { _rpcWebSocket: { ready: boolean; once(event: 'close', listener: (code: number) => void): void } })._rpcWebSocket;
      expect(socket.ready).toBe(true);
      const closeCode = new Promise<number>((resolve) => socket.once('close', resolve));
      const logged: unknown[][] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
      try {
        await moved.close();
        expect(await closeCode).toBe(1000);
        await new Promise((resolve) => setTimeout(resolve, 1_200)); // web3.js would dial again after 1 s
      } finally {
        spy.mockRestore();
      }
      expect(logged).toEqual([]);
    } finally {
      await moved.close();
      await closeServer(blocker);
    }
  });
});
