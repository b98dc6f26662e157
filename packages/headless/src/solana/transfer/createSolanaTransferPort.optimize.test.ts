import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { base64 } from '@scure/base';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { LatchkeyError } from '../../core/errors/LatchkeyError.js';
import { sendTransactionMachine } from '../../core/machines/sendTransaction/sendTransactionMachine.js';
import type { ApiClient } from '../../core/transport/createApi.js';
import { createKeypairSigner } from '../createKeypairSigner.js';
import type { SolanaRpc } from '../rpc/createSolanaRpc.js';
import { createSolanaTransferPort } from './createSolanaTransferPort.js';

// The product API's optimizeTransaction answer is checked against the transaction the kit built: only ComputeBudget
// instructions may be added, changed or removed; anything else is refused before the fee lookup and the signature.

const payer = Keypair.generate();
const bob = Keypair.generate().publicKey;
const mallory = Keypair.generate().publicKey;
const blockhash = Keypair.generate().publicKey.toBase58();
const AMOUNT = 1000n;
const BALANCE = 2n * BigInt(LAMPORTS_PER_SOL);
const BASE_FEE = 5000;

/** A node that knows the blockhash and the payer's balance; its fee is the base fee plus 1 lamport per ComputeBudget instruction. */
function fakeRpc(): SolanaRpc & { call: ReturnType<typeof vi.fn> } {
  const call = vi.fn(async (method: string, params: readonly unknown[] = []) => {
    if (method === 'getFeeForMessage') {
      const message = VersionedMessage.deserialize(base64.decode(params[0] as string));
      const budget = message.compiledInstructions.filter((ix) => message.staticAccountKeys[ix.programIdIndex]!.equals(ComputeBudgetProgram.programId)).length;
      return { value: BASE_FEE + budget };
    }
    if (method === 'sendTransaction') return 'signature';
    throw new Error(`unexpected ${method}`);
  });
  const batch = vi.fn(async (calls: ReadonlyArray<readonly [string, (readonly unknown[])?]>) =>
    calls.map(([method]) => {
      if (method === 'getLatestBlockhash') return { value: { blockhash, lastValidBlockHeight: 500 } };
      if (method === 'getBalance') return { value: Number(BALANCE) };
      if (method === 'getSignatureStatuses') return { value: [{ confirmationStatus: 'confirmed', err: null }] };
      if (method === 'getBlockHeight') return 100;
      throw new Error(`unexpected ${method}`);
    }),
  );
  return { url: 'http://node.test', call, batch } as never;
}

/** The transaction the kit builds for 1000 lamports to Bob, as optimizeTransaction receives it. */
const transfer = (lamports = AMOUNT, to = bob, from = payer.publicKey) => SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports });
const legacy = (instructions: TransactionInstruction[], feePayer = payer.publicKey, hash = blockhash) =>
  new Transaction({ feePayer, blockhash: hash, lastValidBlockHeight: 500 }).add(...instructions).serialize({ requireAllSignatures: false, verifySignatures: false });
const v0 = (instructions: TransactionInstruction[], tables: AddressLookupTableAccount[] = []) =>
  new VersionedTransaction(MessageV0.compile({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions, addressLookupTableAccounts: tables })).serialize();
const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: 600 });
const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 });

/** Runs the real port in the machine with the product API answering `answer` to optimizeTransaction. */
async function send(answer: (unsigned: Uint8Array) => Uint8Array) {
  const rpc = fakeRpc();
  const request = vi.fn(async (operation: string, { body }: { body: { transaction: string } }) => {
    if (operation !== 'optimizeSolanaTransaction') throw new Error(`unexpected ${operation}`);
    return { transaction: base64.encode(answer(base64.decode(body.transaction))) };
  });
  const client = { api: { request } } as unknown as ApiClient;
  const signer = createKeypairSigner(payer);
  const signTransaction = vi.fn(signer.signTransaction);
  const port = createSolanaTransferPort({ rpc, client, confirmPollMs: 1 });
  const actor = createActor(sendTransactionMachine, { input: { port: port as never, signer: { ...signer, signTransaction }, optimize: true } }).start();
  actor.send({ type: 'user.prepare', request: { to: bob.toBase58(), amount: AMOUNT } });
  await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  const sent = () => rpc.call.mock.calls.filter(([method]) => method === 'sendTransaction');
  return { actor, request, signTransaction, sent };
}

async function expectRefused(answer: (unsigned: Uint8Array) => Uint8Array, reason: RegExp) {
  const { actor, request, signTransaction, sent } = await send(answer);
  const { value, context } = actor.getSnapshot();
  expect(value).toBe('invalid');
  // Not simulated either: the product API saw only the built transaction.
  expect(request).toHaveBeenCalledExactlyOnceWith('optimizeSolanaTransaction', expect.anything());
  expect(context.error).toBeInstanceOf(LatchkeyError);
  expect(context.error).toMatchObject({ code: 'invalid_response', path: 'optimizedTransaction' });
  expect(String((context.error?.cause as Error | undefined)?.message)).toMatch(reason);
  expect(signTransaction).not.toHaveBeenCalled();
  expect(sent()).toHaveLength(0);
}

describe('createSolanaTransferPort: optimizeTransaction answers', () => {
  it('security: an answer that sends 0.9 SOL to Mallory instead of 1000 lamports to Bob is refused; nothing is signed or sent', async () => {
    await expectRefused(() => legacy([limit, price, transfer(BigInt(0.9 * LAMPORTS_PER_SOL), mallory)]), /instruction/);
  });

  it('security: another recipient, another amount, or another fee payer is refused', async () => {
    await expectRefused(() => legacy([transfer(AMOUNT, mallory)]), /instruction/);
    await expectRefused(() => legacy([price, transfer(AMOUNT + 1n)]), /instruction/);
    const thief = Keypair.generate().publicKey;
    await expectRefused(() => legacy([transfer()], thief), /fee payer/);
  });

  it('security: an added or dropped instruction that is not ComputeBudget is refused', async () => {
    const memo = new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [], data: Buffer.from('hi') });
    await expectRefused(() => legacy([price, transfer(), memo]), /instruction/);
    await expectRefused(() => legacy([transfer(), transfer(1n, mallory)]), /instruction/);
    await expectRefused(() => legacy([price]), /instruction/);
  });

  it('security: the same instruction with changed account flags, an extra signer, a ComputeBudget instruction with accounts or another blockhash is refused', async () => {
    const readonlyBob = transfer();
    readonlyBob.keys[1] = { ...readonlyBob.keys[1]!, isWritable: false };
    await expectRefused(() => legacy([readonlyBob]), /instruction/);
    const withSigner = new TransactionInstruction({ programId: ComputeBudgetProgram.programId, keys: [{ pubkey: mallory, isSigner: true, isWritable: true }], data: price.data });
    await expectRefused(() => legacy([withSigner, transfer()]), /ComputeBudget|signer/);
    await expectRefused(() => legacy([price, transfer()], payer.publicKey, Keypair.generate().publicKey.toBase58()), /blockhash/);
  });

  it('security: address lookup tables the built transaction did not have are refused', async () => {
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: { deactivationSlot: BigInt('18446744073709551615'), lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [bob] },
    });
    await expectRefused(() => v0([price, transfer()], [table]), /lookup/);
  });

  it('security: bytes that are not a transaction are refused', async () => {
    await expectRefused(() => new Uint8Array([1, 2, 3]), /decode/);
  });

  it('behavior: ComputeBudget instructions added (also as a v0 message) are accepted; the fee is looked up on the optimized message and the funds check uses the transfer', async () => {
    for (const answer of [() => legacy([limit, price, transfer()]), () => v0([limit, price, transfer()])]) {
      const { actor, signTransaction } = await send(answer);
      const { value, context } = actor.getSnapshot();
      expect(value).toBe('review');
      expect(context.fee).toBe(BigInt(BASE_FEE + 2));
      expect(context.prepared?.lamportsNeeded).toBe(AMOUNT);
      expect(context.prepared?.transaction).toEqual(new Uint8Array(answer()));
      actor.send({ type: 'user.confirm' });
      await waitFor(actor, (snapshot) => snapshot.matches('done'));
      const signed = VersionedTransaction.deserialize(signTransaction.mock.calls[0]![0]);
      expect(signed.message.staticAccountKeys.map(String)).toContain(bob.toBase58());
    }
  });

  it('behavior: ComputeBudget instructions changed or removed are accepted', async () => {
    const { actor } = await send(() => legacy([ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }), transfer()]));
    expect(actor.getSnapshot().value).toBe('review');
    const unchanged = await send((unsigned) => unsigned);
    expect(unchanged.actor.getSnapshot()).toMatchObject({ value: 'review', context: { fee: BigInt(BASE_FEE) } });
  });
});
