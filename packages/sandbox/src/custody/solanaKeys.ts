import { createHmac } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

/** Solana's default account path; `m/44'/501'/{n}'/0'` for the n-th account. */
export const SOLANA_DEFAULT_PATH = "m/44'/501'/0'/0'";

/**
 * SLIP-0010 ed25519 derivation (hardened indices only, as ed25519 allows): the key of `path`
 * under `seed`. Every segment must be hardened (`'`).
 */
export function deriveEd25519(seed: Uint8Array, path: string): Uint8Array {
  const segments = path.split('/');
  if (segments[0] !== 'm') throw new Error(`Invalid derivation path ${path}.`);
  let digest = createHmac('sha512', 'ed25519 seed').update(seed).digest();
  for (const segment of segments.slice(1)) {
    const match = /^(\d{1,10})'$/.exec(segment);
    if (!match) throw new Error(`ed25519 needs hardened path segments; got ${segment} in ${path}.`);
    const index = Number(match[1]);
    if (index >= 0x80000000) throw new Error(`Path index out of range in ${path}.`);
    const data = Buffer.alloc(37);
    digest.copy(data, 1, 0, 32);
    data.writeUInt32BE(index + 0x80000000, 33);
    digest = createHmac('sha512', digest.subarray(32)).update(data).digest();
  }
  return new Uint8Array(digest.subarray(0, 32));
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error('Not base58.');
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/** A Solana account: the base58 address is the ed25519 public key. */
export function solanaAccount(privateKey: Uint8Array): { address: string; publicKey: Uint8Array } {
  const publicKey = ed25519.getPublicKey(privateKey);
  return { address: base58Encode(publicKey), publicKey };
}

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new Error('Truncated transaction.');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return { value, size: size + 1 };
  }
  throw new Error('Bad compact-u16.');
}

/**
 * Signs a serialized Solana transaction (legacy or v0) with `privateKey`: finds the signer's slot
 * among the message's required signers, puts an ed25519 signature over the message bytes there,
 * and returns the signed serialized transaction.
 */
export function signSolanaTransaction(serialized: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { value: signatureCount, size } = readCompactU16(serialized, 0);
  const messageOffset = size + signatureCount * 64;
  const message = serialized.subarray(messageOffset);
  if (message.length < 4) throw new Error('Truncated transaction.');
  const versioned = (message[0]! & 0x80) !== 0;
  const header = versioned ? 1 : 0;
  const requiredSignatures = message[header]!;
  if (requiredSignatures !== signatureCount) throw new Error('Signature count does not match the message header.');
  const { value: keyCount, size: keySize } = readCompactU16(message, header + 3);
  const keysOffset = header + 3 + keySize;
  if (message.length < keysOffset + keyCount * 32) throw new Error('Truncated transaction.');
  const publicKey = ed25519.getPublicKey(privateKey);
  let slot = -1;
  for (let index = 0; index < Math.min(requiredSignatures, keyCount); index++) {
    const key = message.subarray(keysOffset + index * 32, keysOffset + (index + 1) * 32);
    if (Buffer.from(key).equals(Buffer.from(publicKey))) slot = index;
  }
  if (slot < 0) throw new Error('The signing account is not a signer of this transaction.');
  const signed = new Uint8Array(serialized);
  signed.set(ed25519.sign(message, privateKey), size + slot * 64);
  return signed;
}
