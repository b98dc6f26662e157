import { createMint, getOrCreateAssociatedTokenAccount, mintTo, transferChecked } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCluster } from './localCluster.js';
import { startSolanaRpc, type SolanaRpcServer } from './rpcServer.js';

// getSignaturesForAddress and getTransaction of the sandbox's cluster, read by the unmodified web3.js Connection.
let cluster: LocalCluster;
let rpc: SolanaRpcServer;
let connection: Connection;
const internalErrors: unknown[] = [];

async function rawRpc(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(rpc.rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

async function funded(sol: number): Promise<{ keypair: Keypair; signature: string }> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  const latest = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
  return { keypair, signature };
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

describe('transaction history of the local cluster', () => {
  it('default: an airdrop is a system transfer in the recipient history, newest first after a send', async () => {
    const { keypair: sender, signature: airdrop } = await funded(2);
    const recipient = Keypair.generate().publicKey;
    const sent = await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports: 0.25 * LAMPORTS_PER_SOL })), [sender], {
      commitment: 'confirmed',
    });
    const list = await connection.getSignaturesForAddress(sender.publicKey, { limit: 10 }, 'confirmed');
    expect(list.map((item) => item.signature)).toEqual([sent, airdrop]);
    expect(list[0]).toMatchObject({ err: null, memo: null, confirmationStatus: expect.stringMatching(/^(confirmed|finalized)$/) });
    expect(list[0]!.blockTime).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(list[0]!.slot).toBeGreaterThanOrEqual(list[1]!.slot);

    const [sentTx, airdropTx] = await connection.getParsedTransactions([sent, airdrop], { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const transfer = sentTx!.transaction.message.instructions[0] as ParsedInstruction;
    expect(transfer).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { source: sender.publicKey.toBase58(), destination: recipient.toBase58(), lamports: 0.25 * LAMPORTS_PER_SOL } } });
    expect(sentTx!.meta).toMatchObject({ err: null, fee: 5000 });
    expect(sentTx!.meta!.preBalances[0]! - sentTx!.meta!.postBalances[0]!).toBe(0.25 * LAMPORTS_PER_SOL + 5000);
    expect(sentTx!.transaction.message.accountKeys[0]).toMatchObject({ signer: true, writable: true });
    expect(sentTx!.version).toBe('legacy');
    const credit = airdropTx!.transaction.message.instructions[0] as ParsedInstruction;
    expect(credit).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { destination: sender.publicKey.toBase58(), lamports: 2 * LAMPORTS_PER_SOL } } });
    // The recipient's list holds the transfer too; `before` pages past it.
    expect((await connection.getSignaturesForAddress(recipient, {}, 'confirmed')).map((item) => item.signature)).toEqual([sent]);
    expect((await connection.getSignaturesForAddress(sender.publicKey, { before: sent }, 'confirmed')).map((item) => item.signature)).toEqual([airdrop]);
  });

  it('behavior: a token transfer shows pre and post token balances with their owners', async () => {
    const { keypair: payer } = await funded(2);
    const other = Keypair.generate().publicKey;
    const mint = await createMint(connection, payer, payer.publicKey, null, 6, undefined, { commitment: 'confirmed' });
    const from = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey, false, 'confirmed');
    const to = await getOrCreateAssociatedTokenAccount(connection, payer, mint, other, false, 'confirmed');
    await mintTo(connection, payer, mint, from.address, payer, 5_000_000, [], { commitment: 'confirmed' });
    const signature = await transferChecked(connection, payer, from.address, mint, to.address, payer, 1_500_000, 6, [], { commitment: 'confirmed' });
    const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed!.transaction.message.instructions[0]).toMatchObject({ program: 'spl-token', parsed: { type: 'transferChecked', info: { tokenAmount: { amount: '1500000', decimals: 6 } } } });
    const owned = (balances: NonNullable<NonNullable<typeof parsed>['meta']>['preTokenBalances']) => Object.fromEntries((balances ?? []).map((balance) => [balance.owner, balance.uiTokenAmount.amount]));
    expect(owned(parsed!.meta!.preTokenBalances)).toEqual({ [payer.publicKey.toBase58()]: '5000000', [other.toBase58()]: '0' });
    expect(owned(parsed!.meta!.postTokenBalances)).toEqual({ [payer.publicKey.toBase58()]: '3500000', [other.toBase58()]: '1500000' });
  });

  it('behavior: json and base64 encodings; a processed-only read and an unknown signature', async () => {
    const { keypair, signature } = await funded(1);
    const json = (await rawRpc('getTransaction', [signature, { encoding: 'json', commitment: 'confirmed' }])).result as { transaction: { message: { accountKeys: string[] } } };
    expect(json.transaction.message.accountKeys).toContain(keypair.publicKey.toBase58());
    const base64 = (await rawRpc('getTransaction', [signature, { encoding: 'base64', commitment: 'confirmed' }])).result as { transaction: [string, string] };
    expect(base64.transaction[1]).toBe('base64');
    expect(Transaction.from(Buffer.from(base64.transaction[0], 'base64')).signatures[0]!.signature).not.toBeNull();
    expect((await rawRpc('getTransaction', [signature, { commitment: 'processed' }])).error).toMatchObject({ code: -32602, message: expect.stringContaining('commitment below `confirmed`') });
    expect((await rawRpc('getTransaction', ['1'.repeat(64), { commitment: 'confirmed' }])).result).toBeNull();
    expect((await rawRpc('getSignaturesForAddress', ['not-an-address'])).error).toMatchObject({ code: -32602 });
    expect((await rawRpc('getSignaturesForAddress', [keypair.publicKey.toBase58(), { limit: 1001 }])).error).toMatchObject({ code: -32602 });
  });
});
