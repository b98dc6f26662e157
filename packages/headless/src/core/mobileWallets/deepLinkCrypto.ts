import { MOBILE_REDIRECT_NONCE_BYTES } from '@latchkey/protocol/constants';
import bs58 from 'bs58';
import nacl from 'tweetnacl';

/** An x25519 key pair for nacl box (the dapp's side of the deep-link protocol). */
export interface EncryptionKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** A fresh x25519 key pair; one per connect. */
export function createEncryptionKeyPair(): EncryptionKeyPair {
  return nacl.box.keyPair();
}

/** The nacl box shared secret of our secret key and the wallet's encryption public key. */
export function deriveSharedSecret(walletEncryptionPublicKey: Uint8Array, dappSecretKey: Uint8Array): Uint8Array {
  return nacl.box.before(walletEncryptionPublicKey, dappSecretKey);
}

/** Encrypts a JSON payload with a fresh 24-byte nonce (SPEC §9); both come back base58. */
export function encryptPayload(payload: unknown, sharedSecret: Uint8Array): { nonce: string; payload: string } {
  const nonce = nacl.randomBytes(MOBILE_REDIRECT_NONCE_BYTES);
  // Copied into this realm's Uint8Array: tweetnacl checks `instanceof Uint8Array` (TextEncoder may come from another realm).
  const box = nacl.box.after(Uint8Array.from(new TextEncoder().encode(JSON.stringify(payload))), nonce, sharedSecret);
  return { nonce: bs58.encode(nonce), payload: bs58.encode(box) };
}

/**
 * Opens a base58 box with a base58 nonce. Undefined when anything is off — not base58, a nonce that is not 24 bytes,
 * a box that fails authentication (tampered data, nonce or key), or contents that are not a JSON object.
 */
export function decryptPayload(data: string, nonce: string, sharedSecret: Uint8Array): Record<string, unknown> | undefined {
  const boxBytes = decodeBase58(data);
  const nonceBytes = decodeBase58(nonce);
  if (!boxBytes || !nonceBytes || nonceBytes.length !== MOBILE_REDIRECT_NONCE_BYTES) return undefined;
  const opened = nacl.box.open.after(boxBytes, nonceBytes, sharedSecret);
  if (!opened) return undefined;
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
    return bs58.decode(value);
  } catch {
    return undefined;
  }
}

export function encodeBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}
