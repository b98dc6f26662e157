import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { base58 } from '@scure/base';
import { describe, expect, it, vi } from 'vitest';
import { createKeypairSigner } from '../createKeypairSigner.js';
import type { SolanaRpc } from '../rpc/createSolanaRpc.js';
import { createSolanaTransferPort } from './createSolanaTransferPort.js';

/** The node's answers are checked, not trusted: a garbled one is the node's failure, never a network error or a lost send. */
const payer = Keypair.generate();
const bob = Keypair.generate().publicKey.toBase58();
const blockhash = Keypair.generate().publicKey.toBase58();

function node(answers: { latest?: unknown; sent?: unknown } = {}): SolanaRpc {
  const call = vi.fn(async (method: string) => {
    if (method === 'sendTransaction') return 'sent' in answers ? answers.sent : 'signature';
    throw new Error(`unexpected ${method}`);
  });
  const batch = vi.fn(async (calls: ReadonlyArray<readonly [string, (readonly unknown[])?]>) =>
    calls.map(([method]) => {
      if (method === 'getLatestBlockhash') return 'latest' in answers ? answers.latest : { value: { blockhash, lastValidBlockHeight: 500 } };
      if (method === 'getBalance') return { value: 2 * LAMPORTS_PER_SOL };
      throw new Error(`unexpected ${method}`);
    }),
  );
  return { url: 'http://node.test', call, batch } as never;
}

describe('createSolanaTransferPort: answers of the wrong shape', () => {
  it.each([
    ['{ value: null }', { value: null }],
    ['no blockhash', { value: { lastValidBlockHeight: 500 } }],
    ['a number for the blockhash', { value: { blockhash: 7, lastValidBlockHeight: 500 } }],
  ])('error: getLatestBlockhash answering %s → rpc_error (the node failed), not network_error', async (_name, latest) => {
    const port = createSolanaTransferPort({ rpc: node({ latest }) });
    await expect(port.prepare({ to: bob, amount: 1000n }, payer.publicKey.toBase58())).rejects.toMatchObject({ name: 'LatchkeyError', code: 'rpc_error' });
  });

  it.each([
    ['null', null],
    ['another signature', 'x'.repeat(88)],
  ])('behavior: a send the node accepted with %s for a result is confirmed by the transaction’s own signature', async (_name, sent) => {
    const port = createSolanaTransferPort({ rpc: node({ sent }) });
    const prepared = await port.prepare({ to: bob, amount: 1000n }, payer.publicKey.toBase58());
    const signed = await createKeypairSigner(payer).signTransaction(prepared.transaction);
    const signature = await port.sendRaw(signed);
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(base58.decode(signature)).toHaveLength(64);
  });
});
