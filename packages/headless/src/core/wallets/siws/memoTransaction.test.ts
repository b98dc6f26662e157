import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createSiwsMessage } from './createSiwsMessage.js';
import { createMemoTransaction, MEMO_MAX_BYTES, MEMO_PROGRAM_ID } from './memoTransaction.js';

// A fixed key: a base58 address is 43 or 44 characters, and the sizes below count its bytes.
const secretKey = new Uint8Array(32).fill(7);
const address = base58.encode(ed25519.getPublicKey(secretKey));
const nonce = 'abcdefghABCDEFGH0123456789abcdef';
const message = (parts: { domain?: string; uri?: string; statement?: string } = {}) =>
  createSiwsMessage({ domain: parts.domain ?? 'localhost:5173', uri: parts.uri ?? 'http://localhost:5173', statement: parts.statement ?? 'Sign in with your wallet.', address, nonce, issuedAt: new Date('2030-01-01T00:00:00Z') });

describe('createMemoTransaction', () => {
  it('default: one memo instruction, signed by the fee payer, whose text is the whole message', () => {
    const text = message();
    const transaction = Transaction.from(createMemoTransaction(address, text));
    expect(transaction.feePayer?.toBase58()).toBe(address);
    expect(transaction.instructions).toHaveLength(1);
    const [memo] = transaction.instructions;
    expect(memo?.programId.toBase58()).toBe(MEMO_PROGRAM_ID);
    expect(memo?.keys.map((key) => [key.pubkey.toBase58(), key.isSigner])).toEqual([[address, true]]);
    // Byte for byte what the server compares with `messageToSign`: the domain and the nonce are in what is signed.
    expect(new TextDecoder().decode(memo?.data)).toBe(text);
    expect(text).toContain('localhost:5173 wants you to sign in');
    expect(text).toContain(`Nonce: ${nonce}`);
  });

  it('behavior: the fee payer signs the message bytes as a wallet would; the signature verifies', () => {
    const unsigned = createMemoTransaction(address, message());
    const body = unsigned.subarray(65);
    const signed = Uint8Array.from([...unsigned.subarray(0, 1), ...ed25519.sign(body, secretKey), ...body]);
    expect(Transaction.from(signed).verifySignatures()).toBe(true);
  });

  it('behavior: a long realistic message fits, and the largest memo keeps the transaction under the 1232-byte packet', () => {
    const long = message({
      domain: 'dashboard.some-long-product-name.example.co.uk',
      uri: 'https://dashboard.some-long-product-name.example.co.uk',
      statement: 'Sign in to Some Long Product Name to manage your account, wallets and settings. This request will not trigger a blockchain transaction or cost any gas fees.',
    });
    expect(new TextEncoder().encode(long).length).toBe(444);
    expect(new TextEncoder().encode(message()).length).toBe(248);
    const largest = message({ statement: 'x'.repeat(MEMO_MAX_BYTES - 248 + 'Sign in with your wallet.'.length) });
    expect(new TextEncoder().encode(largest).length).toBe(MEMO_MAX_BYTES);
    expect(createMemoTransaction(address, largest).length).toBe(737);
  });

  it("error: 'Nonce missing' for a message without a nonce", () => {
    expect(() => createMemoTransaction(address, 'localhost:5173 wants you to sign in with your Solana account:')).toThrow(expect.objectContaining({ code: 'nonce_missing', message: 'Nonce missing' }));
  });

  it("error: 'Address missing' for an address that is not 32 bytes", () => {
    expect(() => createMemoTransaction('1111', message())).toThrow(expect.objectContaining({ code: 'address_missing' }));
  });

  it("error: a message longer than a memo carries is 'Failed to sign message', saying why in the cause", () => {
    const tooLong = message({ statement: 'x'.repeat(MEMO_MAX_BYTES) });
    expect(() => createMemoTransaction(address, tooLong)).toThrow(
      expect.objectContaining({ code: 'failed_to_sign_message', cause: expect.objectContaining({ message: expect.stringContaining(`at most ${MEMO_MAX_BYTES}`) }) }),
    );
  });
});
