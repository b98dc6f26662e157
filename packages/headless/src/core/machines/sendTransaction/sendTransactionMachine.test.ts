import { FEE_LOOKUP_RETRIES } from '@latchkey/protocol/constants';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { SolanaSigner } from '../../signer/SolanaSigner.js';
import { FEE_RETRY_DELAY_MS, sendTransactionMachine, type PreparedTransaction, type SolanaTransferPort } from './sendTransactionMachine.js';

const prepared: PreparedTransaction = {
  transaction: new Uint8Array([1, 2, 3]),
  blockhash: 'hash',
  lastValidBlockHeight: 150,
  lamportsNeeded: 1_000_000n,
  lamportsAvailable: 2_000_000n,
};

const signer: SolanaSigner = {
  address: 'Payer1111111111111111111111111111111111111',
  signMessage: async () => new Uint8Array(64),
  signTransaction: async (bytes) => new Uint8Array([...bytes, 9]),
};

function port(overrides: Partial<SolanaTransferPort<unknown>> = {}): SolanaTransferPort<unknown> {
  return {
    prepare: vi.fn(async () => prepared),
    getFee: vi.fn(async () => 5000n),
    simulate: vi.fn(async () => ({ inAssets: [], outAssets: [], counterparties: ['To'] })),
    sendRaw: vi.fn(async () => 'sig'),
    confirm: vi.fn(async () => undefined),
    ...overrides,
  };
}

function start(p: SolanaTransferPort<unknown>, clock = new SimulatedClock(), optimize = false) {
  const actor = createActor(sendTransactionMachine, { input: { port: p, signer, optimize, timers: clock }, clock }).start();
  return { actor, clock };
}

/** Lets pending promises settle (the actors are promise-based; the clock is simulated). */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('sendTransactionMachine', () => {
  it('default: prepare → fee → review (with simulation) → sign → send raw → confirm → done', async () => {
    const p = port();
    const { actor } = start(p);
    actor.send({ type: 'user.prepare', request: { to: 'x', amount: 1n } });
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context).toMatchObject({ fee: 5000n, simulation: { counterparties: ['To'] } });
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(p.sendRaw).toHaveBeenCalledWith(new Uint8Array([1, 2, 3, 9]));
    expect(actor.getSnapshot().context.signature).toBe('sig');
  });

  it('behavior: when enabled, optimizeTransaction gets the built, unsigned transaction; the fee, review and signature use its answer', async () => {
    const optimize = vi.fn(async (bytes: Uint8Array) => new Uint8Array([...bytes, 7]));
    const signTransaction = vi.fn(signer.signTransaction);
    const p = port({ optimize });
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: { ...signer, signTransaction }, optimize: true } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    expect(optimize).toHaveBeenCalledExactlyOnceWith(new Uint8Array([1, 2, 3]), signer.address);
    expect(p.getFee).toHaveBeenCalledWith(expect.objectContaining({ transaction: new Uint8Array([1, 2, 3, 7]) }));
    expect(actor.getSnapshot().context.prepared?.transaction).toEqual(new Uint8Array([1, 2, 3, 7]));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(signTransaction).toHaveBeenCalledWith(new Uint8Array([1, 2, 3, 7]));
    expect(p.sendRaw).toHaveBeenCalledWith(new Uint8Array([1, 2, 3, 7, 9]));
  });

  it('behavior: when not enabled, optimizeTransaction is never called', async () => {
    const optimize = vi.fn(async (bytes: Uint8Array) => new Uint8Array([...bytes, 7]));
    const p = port({ optimize });
    const { actor } = start(p);
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(optimize).not.toHaveBeenCalled();
    expect(p.sendRaw).toHaveBeenCalledWith(new Uint8Array([1, 2, 3, 9]));
  });

  it('error: a failing optimizeTransaction ends in invalid with its error; nothing is signed', async () => {
    const signTransaction = vi.fn(signer.signTransaction);
    const p = port({ optimize: async () => Promise.reject(new LatchkeyError('invalid_request', { message: 'The transaction could not be decoded.' })) });
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: { ...signer, signTransaction }, optimize: true } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('invalid'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'invalid_request', message: 'The transaction could not be decoded.' });
    expect(signTransaction).not.toHaveBeenCalled();
  });

  it("error: 'Insufficient funds.' before anything is signed when the balance cannot cover amount + fee", async () => {
    const signTransaction = vi.fn(signer.signTransaction);
    const p = port({ prepare: async () => ({ ...prepared, lamportsAvailable: 1_004_999n }) });
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: { ...signer, signTransaction } } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('invalid'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'insufficient_funds', message: 'Insufficient funds.' });
    expect(signTransaction).not.toHaveBeenCalled();
    expect(p.sendRaw).not.toHaveBeenCalled();
  });

  it('behavior: the fee lookup is retried, FEE_RETRY_DELAY_MS apart, and a later answer is used', async () => {
    const answers = [null, new Error('503'), 7000n];
    const getFee = vi.fn(async () => {
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer ?? null;
    });
    const { actor, clock } = start(port({ getFee }));
    actor.send({ type: 'user.prepare', request: {} });
    await flush();
    expect(actor.getSnapshot().value).toBe('estimatingFee');
    clock.increment(FEE_RETRY_DELAY_MS - 1);
    await flush();
    expect(getFee).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    clock.increment(FEE_RETRY_DELAY_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('review');
    expect(getFee).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.fee).toBe(7000n);
  });

  it("error: after 5 retries of the fee lookup without an answer: 'Max retries reached', nothing signed", async () => {
    const getFee = vi.fn(async () => null);
    const p = port({ getFee });
    const { actor, clock } = start(p);
    actor.send({ type: 'user.prepare', request: {} });
    for (let i = 0; i < 10; i += 1) {
      await flush();
      clock.increment(FEE_RETRY_DELAY_MS);
    }
    await flush();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(getFee).toHaveBeenCalledTimes(1 + FEE_LOOKUP_RETRIES);
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'max_retries_reached', message: 'Max retries reached' });
    expect(p.sendRaw).not.toHaveBeenCalled();
  });

  it("error: no confirmation within 60 s is 'Transaction timed out'", async () => {
    let aborted = false;
    const confirm = vi.fn((_signature: string, _prepared: PreparedTransaction, signal: AbortSignal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise<void>(() => undefined);
    });
    const { actor, clock } = start(port({ confirm }));
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('confirming'));
    clock.increment(59_999);
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'transaction_timed_out', message: 'Transaction timed out' });
    expect(actor.getSnapshot().context.signature).toBe('sig');
    expect(aborted).toBe(true);
  });

  it("error: a transaction that lands failed is 'Transaction failed' with the program error attached", async () => {
    const programError = { InstructionError: [0, { Custom: 1 }] };
    const { actor } = start(port({ confirm: async () => Promise.reject(new LatchkeyError('transaction_failed', { cause: { error: programError } })) }));
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    const error = actor.getSnapshot().context.error;
    expect(error).toMatchObject({ code: 'transaction_failed', message: 'Transaction failed' });
    expect(error?.cause).toEqual({ error: programError });
  });

  it('behavior: an expired blockhash is offered as re-sign, which builds again with a fresh blockhash', async () => {
    const prepare = vi.fn(async () => prepared);
    let expire = true;
    const confirm = vi.fn(async () => {
      if (expire) throw new LatchkeyError('transaction_expired');
    });
    const signTransaction = vi.fn(signer.signTransaction);
    const actor = createActor(sendTransactionMachine, { input: { port: port({ prepare, confirm }), signer: { ...signer, signTransaction } } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('expired'));
    expect(actor.getSnapshot().context.error?.code).toBe('transaction_expired');
    expire = false;
    actor.send({ type: 'user.resign' });
    await waitFor(actor, (s) => s.matches('review'));
    expect(prepare).toHaveBeenCalledTimes(2);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(signTransaction).toHaveBeenCalledTimes(2);
  });

  it('error: a bad request ends in invalid with the typed error; a new request starts over', async () => {
    const prepare = vi.fn<SolanaTransferPort<unknown>['prepare']>(async () => Promise.reject(new LatchkeyError('source_token_account_not_found')));
    const { actor } = start(port({ prepare }));
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('invalid'));
    expect(actor.getSnapshot().context.error?.message).toBe('Source token account not found');
    prepare.mockImplementation(async () => prepared);
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('behavior: a user who refuses to sign ends in failed with the signer error; cancel in review signs nothing', async () => {
    const refusing = { ...signer, signTransaction: async () => Promise.reject(new LatchkeyError('USER_REJECTED')) };
    const p = port();
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: refusing } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('USER_REJECTED');
    expect(p.sendRaw).not.toHaveBeenCalled();
  });
  it('behavior: a wallet that never answers the signing can be left: cancel goes back to the review, nothing sent; a late signature is dropped', async () => {
    let answer!: (signed: Uint8Array) => void;
    const silent = { ...signer, signTransaction: () => new Promise<Uint8Array>((resolve) => (answer = resolve)) };
    const p = port();
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: silent } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    expect(actor.getSnapshot().value).toBe('signing');
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().value).toBe('review');
    answer(new Uint8Array([1]));
    await flush();
    expect(actor.getSnapshot().value).toBe('review');
    expect(p.sendRaw).not.toHaveBeenCalled();
  });

  it('behavior: the network down while building is network_error in invalid; retry builds the same request again', async () => {
    const prepare = vi.fn<SolanaTransferPort<unknown>['prepare']>(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { actor } = start(port({ prepare }));
    actor.send({ type: 'user.prepare', request: { to: 'x', amount: 7n } });
    await waitFor(actor, (s) => s.matches('invalid'));
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'network_error', message: 'Network error. Check your connection and try again.' });
    prepare.mockImplementation(async () => prepared);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('review'));
    expect(prepare).toHaveBeenLastCalledWith({ to: 'x', amount: 7n }, signer.address);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('behavior: retry is refused for an invalid request that the network did not cause', async () => {
    const { actor } = start(port({ prepare: async () => Promise.reject(new LatchkeyError('source_token_account_not_found')) }));
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('invalid'));
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('invalid');
  });

  it('behavior: a send the network cut off fails as network_error; retry sends the same signed bytes, signing once', async () => {
    const sendRaw = vi.fn<SolanaTransferPort<unknown>['sendRaw']>(async () => Promise.reject(new TypeError('Failed to fetch')));
    const signTransaction = vi.fn(signer.signTransaction);
    const p = port({ sendRaw });
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: { ...signer, signTransaction } } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('network_error');
    sendRaw.mockImplementation(async () => 'sig');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(signTransaction).toHaveBeenCalledTimes(1);
    expect(sendRaw).toHaveBeenCalledTimes(2);
    expect(sendRaw.mock.calls[1]?.[0]).toEqual(sendRaw.mock.calls[0]?.[0]);
  });

  it('behavior: a signer the network cut off (custody) fails as network_error; retry signs again, then sends', async () => {
    const signTransaction = vi.fn<SolanaSigner['signTransaction']>(async () => Promise.reject(new TypeError('Failed to fetch')));
    const p = port();
    const actor = createActor(sendTransactionMachine, { input: { port: p, signer: { ...signer, signTransaction } } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('network_error');
    expect(p.sendRaw).not.toHaveBeenCalled();
    signTransaction.mockImplementation(signer.signTransaction);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(signTransaction).toHaveBeenCalledTimes(2);
    expect(p.sendRaw).toHaveBeenCalledTimes(1);
  });

  it('behavior: a confirmation the network cut off is retried by confirming the same signature, never sending again', async () => {
    const confirm = vi.fn<SolanaTransferPort<unknown>['confirm']>(async () => Promise.reject(new Error('failed to get signature status: TypeError: Failed to fetch')));
    const p = port({ confirm });
    const { actor } = start(p);
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.code).toBe('network_error');
    confirm.mockImplementation(async () => undefined);
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(p.sendRaw).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it("behavior: a transfer that failed on chain is not retried ('Transaction failed' stays)", async () => {
    const { actor } = start(port({ confirm: async () => Promise.reject(new LatchkeyError('transaction_failed')) }));
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.matches('review'));
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
