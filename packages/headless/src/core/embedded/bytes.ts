/** Byte helpers without Node globals (`Buffer`), for browser code paths. The encodings are @scure/base's. */
import { base58, base64urlnopad, hex } from '@scure/base';

export const toHex = (bytes: Uint8Array): string => hex.encode(bytes);

/** A Solana address's ed25519 public key (empty — no signature passes — when the address is not base58). */
export function walletKey(address: string): Uint8Array {
  try {
    return base58.decode(address);
  } catch {
    return new Uint8Array();
  }
}

/** Hex → bytes (either case); throws for odd lengths and non-hex characters. */
export const fromHex = (text: string): Uint8Array => hex.decode(text);

export const toBase64Url = (bytes: Uint8Array): string => base64urlnopad.encode(bytes);

/** base64url, with or without padding → bytes. */
export const fromBase64Url = (text: string): Uint8Array => base64urlnopad.decode(text.replace(/=+$/, ''));

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** A P-256 public key, uncompressed (65 bytes) → compressed (33 bytes). */
export function compressP256(uncompressed: Uint8Array): Uint8Array {
  if (uncompressed.length !== 65 || uncompressed[0] !== 4) throw new Error('Not an uncompressed P-256 key.');
  const out = new Uint8Array(33);
  out[0] = (uncompressed[64]! & 1) === 0 ? 2 : 3;
  out.set(uncompressed.subarray(1, 33), 1);
  return out;
}

/** WebCrypto's raw ECDSA signature (r ‖ s, 32 bytes each) → DER, as the custody stamp carries it. */
export function rawSignatureToDer(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let start = 0;
    while (start < part.length - 1 && part[start] === 0) start++;
    let bytes = part.subarray(start);
    if (bytes[0]! & 0x80) bytes = new Uint8Array([0, ...bytes]);
    return new Uint8Array([0x02, bytes.length, ...bytes]);
  };
  const r = integer(raw.subarray(0, 32));
  const s = integer(raw.subarray(32, 64));
  return new Uint8Array([0x30, r.length + s.length, ...r, ...s]);
}
