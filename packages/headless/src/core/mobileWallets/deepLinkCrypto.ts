import { MOBILE_REDIRECT_NONCE_BYTES } from '@latchkey/protocol/constants';
import { hsalsa, secretbox } from '@noble/ciphers/salsa.js';
import { u32, u8 } from '@noble/ciphers/utils.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';

/** An x25519 key pair for NaCl box (the dapp's side of the deep-link protocol). */
export interface EncryptionKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** A fresh x25519 key pair; one per connect. */
export function createEncryptionKeyPair(): EncryptionKeyPair {
  const { secretKey, publicKey } = x25519.keygen();
  return { publicKey, secretKey };
}

/** "expand 32-byte k", the Salsa20 constant, as little-endian words. */
const SIGMA = u32(new TextEncoder().encode('expand 32-byte k'));

/**
 * The NaCl box shared key (`crypto_box_beforenm`) of our secret key and the wallet's encryption public key:
 * HSalsa20 of the x25519 shared point with a zero nonce — the key wallets derive with tweetnacl's `box.before`.
 */
export function deriveSharedSecret(walletEncryptionPublicKey: Uint8Array, dappSecretKey: Uint8Array): Uint8Array {
  const point = x25519.getSharedSecret(Uint8Array.from(dappSecretKey), Uint8Array.from(walletEncryptionPublicKey));
  const out = new Uint32Array(8);
  hsalsa(SIGMA, u32(point), new Uint32Array(4), out);
  return Uint8Array.from(u8(out));
}

/** Encrypts a JSON payload with a fresh 24-byte nonce (SPEC §9); both come back base58. */
export function encryptPayload(payload: unknown, sharedSecret: Uint8Array): { nonce: string; payload: string } {
  const nonce = randomBytes(MOBILE_REDIRECT_NONCE_BYTES);
  const box = secretbox(Uint8Array.from(sharedSecret), nonce).seal(new TextEncoder().encode(JSON.stringify(payload)));
  return { nonce: base58.encode(nonce), payload: base58.encode(box) };
}

/**
 * Opens a base58 box with a base58 nonce. Undefined when anything is off — not base58, a nonce that is not 24 bytes,
 * a box that fails authentication (tampered data, nonce or key), or contents that are not a JSON object.
 */
export function decryptPayload(data: string, nonce: string, sharedSecret: Uint8Array): Record<string, unknown> | undefined {
  const boxBytes = decodeBase58(data);
  const nonceBytes = decodeBase58(nonce);
  if (!boxBytes || !nonceBytes || nonceBytes.length !== MOBILE_REDIRECT_NONCE_BYTES) return undefined;
  let opened: Uint8Array;
  try {
    opened = secretbox(Uint8Array.from(sharedSecret), nonceBytes).open(boxBytes);
  } catch {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(opened));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** base58 → bytes, or undefined for anything that is not base58. */
export function decodeBase58(value: string): Uint8Array | undefined {
  if (value.length === 0) return undefined;
  try {
    return base58.decode(value);
  } catch {
    return undefined;
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}
