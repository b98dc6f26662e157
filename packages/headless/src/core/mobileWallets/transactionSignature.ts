import { ed25519 } from '@noble/curves/ed25519.js';
import { equalBytes } from '@noble/curves/utils.js';

/** A serialized Solana transaction split into its signature slots and its message bytes (legacy and v0). */
export interface SplitTransaction {
  signatures: Uint8Array[];
  message: Uint8Array;
  /** The message's account keys that must sign, in slot order. */
  signerKeys: Uint8Array[];
}

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; next: number } | undefined {
  let value = 0;
  // At most three bytes encode a u16.
  for (let index = 0; index < 3; index += 1) {
    const byte = bytes[offset + index];
    if (byte === undefined) return undefined;
    value |= (byte & 0x7f) << (7 * index);
    if ((byte & 0x80) === 0) return { value, next: offset + index + 1 };
  }
  return undefined;
}

/** Reads the wire format; undefined when the bytes are not a transaction. */
export function splitTransaction(bytes: Uint8Array): SplitTransaction | undefined {
  const count = readCompactU16(bytes, 0);
  if (!count || count.value === 0) return undefined;
  const messageStart = count.next + count.value * 64;
  if (messageStart >= bytes.length) return undefined;
  const signatures: Uint8Array[] = [];
  for (let index = 0; index < count.value; index += 1) signatures.push(bytes.slice(count.next + index * 64, count.next + (index + 1) * 64));
  const message = bytes.slice(messageStart);
  // A versioned message starts with 0x80 | version; a legacy one with the header.
  const headerAt = (message[0]! & 0x80) !== 0 ? 1 : 0;
  const required = message[headerAt];
  const keyCount = readCompactU16(message, headerAt + 3);
  if (required === undefined || !keyCount || required !== count.value || keyCount.value < required) return undefined;
  if (keyCount.next + keyCount.value * 32 > message.length) return undefined;
  const signerKeys: Uint8Array[] = [];
  for (let index = 0; index < required; index += 1) signerKeys.push(message.slice(keyCount.next + index * 32, keyCount.next + (index + 1) * 32));
  return { signatures, message, signerKeys };
}

/**
 * True when `signed` carries exactly `unsigned`'s message and, in `signer`'s slot, a valid ed25519 signature of it
 * by `signer` (the wallet may not change what it was asked to sign).
 */
export function isSignedBy(unsigned: Uint8Array, signed: Uint8Array, signer: Uint8Array): boolean {
  const before = splitTransaction(unsigned);
  const after = splitTransaction(signed);
  if (!before || !after || !equalBytes(before.message, after.message)) return false;
  const slot = after.signerKeys.findIndex((key) => equalBytes(key, signer));
  if (slot === -1) return false;
  return verifyEd25519(after.signatures[slot]!, after.message, signer);
}

/** An Ed25519 signature check that answers false (never throws) for malformed keys or signatures. */
export function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(Uint8Array.from(signature), Uint8Array.from(message), Uint8Array.from(publicKey));
  } catch {
    return false;
  }
}
