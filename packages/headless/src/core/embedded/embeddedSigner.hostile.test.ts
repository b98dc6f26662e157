/**
 * The embedded wallet's signer (the real client and custody API, fake fetches) against custody answers of the wrong
 * shape, and what the send-transaction flow then says: `invalid_response`, never a network error with a retry.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createFakeFetch, fakeSignIn, json } from '../../test/fakeFetch.js';
import { destroyTestClients, signedOutTestClient } from '../../test/testClient.js';
import { createEmbeddedWalletClient } from './createEmbeddedWalletClient.js';
import type { SessionKeyStore, StoredSessionKey } from './stampers/sessionKeyStore.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { sendTransactionMachine, type SolanaTransferPort } from '../machines/sendTransaction/sendTransactionMachine.js';

afterEach(() => destroyTestClients());

// The wallet: a real key, so that the signer can check custody's signatures against its address.
const WALLET_SECRET = ed25519.utils.randomSecretKey();
const WALLET_KEY = ed25519.getPublicKey(WALLET_SECRET);
const ADDRESS = base58.encode(WALLET_KEY);
const CUSTODY = 'http://127.0.0.1:10';

function memoryStore(): SessionKeyStore {
  const map = new Map<string, StoredSessionKey>();
  return { get: async (id) => map.get(id), put: async (id, key) => void map.set(id, key), delete: async (id) => void map.delete(id) };
}

async function setup(custodyAnswer: () => Response | Promise<Response>) {
  const { client } = await signedOutTestClient({
    'POST /users/embeddedWallets/sessionKey': (request) =>
      json(200, { publicKey: (request.body as { publicKey: string }).publicKey, expiresAt: new Date(Date.now() + 1_800_000).toISOString() }),
  });
  const signIn = fakeSignIn(Date.now() + 3_600_000, {
    verifiedCredentials: [
      { id: 'cred-w', format: 'blockchain', chain: 'SOL', address: ADDRESS, wallet_properties: { turnkeySubOrganizationId: 'org-1', turnkeyHDWalletId: 'hd-1' } },
    ],
  });
  client.session.send({ type: 'server.signedIn', response: signIn as never });
  await waitFor(client.session, (s) => getSessionStatus(s) === 'signedIn' || getSessionStatus(s) === 'onboarding');
  const custody = createFakeFetch(() => custodyAnswer());
  const embedded = createEmbeddedWalletClient(client as never, { appName: 'Review', baseUrl: CUSTODY, store: memoryStore(), fetch: custody.fetch });
  return { client, embedded, custodyRequests: custody.requests };
}

const completed = (result: unknown) => json(200, { activity: { id: 'a1', status: 'ACTIVITY_STATUS_COMPLETED', result } });

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A port that builds, prices and sends nothing real: only the signer matters here. */
const port: SolanaTransferPort<unknown> = {
  prepare: async () => ({ transaction: new Uint8Array([1, 2, 3]), blockhash: 'b', lastValidBlockHeight: 10, lamportsNeeded: 1n, lamportsAvailable: 1_000_000n }),
  getFee: async () => 5000n,
  sendRaw: async () => 'sig',
  confirm: async () => undefined,
};

describe('embedded signer: custody answers of the wrong shape', () => {
  it.each([
    ['200 with body null', () => json(200, null)],
    ['200 COMPLETED without signedTransaction', () => completed({ signTransactionResult: {} })],
    ['200 COMPLETED with odd-length hex', () => completed({ signTransactionResult: { signedTransaction: 'abc' } })],
    ['200 COMPLETED with a number for the transaction', () => completed({ signTransactionResult: { signedTransaction: 42 } })],
  ])('error: %s → invalid_response from signTransaction', async (_name, answer) => {
    const { embedded } = await setup(answer);
    const error = await rejectionOf(embedded.signer().signTransaction(new Uint8Array([1, 2, 3])));
    expect(error).toMatchObject({ name: 'LatchkeyError', code: 'invalid_response' });
  });

  it('error: in the send-transaction flow a malformed reply fails with invalid_response, not "Network error"', async () => {
    const { embedded } = await setup(() => json(200, null));
    const actor = createActor(sendTransactionMachine, { input: { port, signer: embedded.signer() } }).start();
    actor.send({ type: 'user.prepare', request: {} });
    await waitFor(actor, (s) => s.value === 'review');
    actor.send({ type: 'user.confirm' });
    const s = await waitFor(actor, (x) => x.value === 'failed');
    expect(s.context.error?.code).toBe('invalid_response');
  });
});

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A legacy transaction the wallet must sign (one signature slot, the wallet's), paying whoever `payee` is. */
function transactionTo(payee: Uint8Array, signature = new Uint8Array(64)): { unsigned: Uint8Array; message: Uint8Array; signed(by?: Uint8Array): Uint8Array } {
  const message = Uint8Array.from([1, 0, 1, 2, ...WALLET_KEY, ...payee, ...new Uint8Array(32).fill(7), 0]);
  const withSignature = (slot: Uint8Array) => Uint8Array.from([1, ...slot, ...message]);
  return { unsigned: withSignature(signature), message, signed: (by = WALLET_SECRET) => withSignature(ed25519.sign(message, by)) };
}

describe('embedded signer: custody answers that are well formed but not what was asked', () => {
  const payee = ed25519.getPublicKey(ed25519.utils.randomSecretKey());
  const thief = ed25519.getPublicKey(ed25519.utils.randomSecretKey());
  const signedAnswer = (signed: Uint8Array) => () => completed({ signTransactionResult: { signedTransaction: hex(signed) } });

  it("default: the transaction asked for, with the wallet's signature in its slot, is what signTransaction answers", async () => {
    const asked = transactionTo(payee);
    const { embedded } = await setup(signedAnswer(asked.signed()));
    expect(await embedded.signer().signTransaction(asked.unsigned)).toEqual(asked.signed());
  });

  it.each([
    ['another transaction (paying someone else), validly signed by the wallet', () => transactionTo(thief).signed()],
    ['the transaction asked for, signed by another key', () => transactionTo(payee).signed(ed25519.utils.randomSecretKey())],
    ['the transaction asked for, unsigned', () => transactionTo(payee).unsigned],
    ['bytes that are no transaction', () => new Uint8Array([1, 2, 3])],
  ])('error: %s → invalid_response from signTransaction', async (_name, answer) => {
    const { embedded } = await setup(signedAnswer(answer()));
    const error = await rejectionOf(embedded.signer().signTransaction(transactionTo(payee).unsigned));
    expect(error).toMatchObject({ name: 'LatchkeyError', code: 'invalid_response' });
  });

  const rs = (signature: Uint8Array) => () => completed({ signRawPayloadResult: { r: hex(signature.slice(0, 32)), s: hex(signature.slice(32)) } });
  const message = new TextEncoder().encode('Sign in to Review');

  it("default: the wallet's signature of the message is what signMessage answers", async () => {
    const { embedded } = await setup(rs(ed25519.sign(message, WALLET_SECRET)));
    expect(await embedded.signer().signMessage(message)).toEqual(ed25519.sign(message, WALLET_SECRET));
  });

  it.each([
    ['64 random bytes', () => crypto.getRandomValues(new Uint8Array(64))],
    ["the wallet's signature of another message", () => ed25519.sign(new TextEncoder().encode('Transfer everything'), WALLET_SECRET)],
    ["another key's signature of the message", () => ed25519.sign(message, ed25519.utils.randomSecretKey())],
  ])('error: %s → signMessage fails (failed_to_sign_message, because invalid_response)', async (_name, signature) => {
    const { embedded } = await setup(rs(signature()));
    const error = await rejectionOf(embedded.signer().signMessage(message));
    expect(error).toMatchObject({ name: 'LatchkeyError', code: 'failed_to_sign_message', cause: { code: 'invalid_response' } });
  });
});
