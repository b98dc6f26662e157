import { compressP256, fromBase64Url, rawSignatureToDer, toBase64Url, toHex, utf8 } from '../bytes.js';
import type { Stamper } from './Stamper.js';

/** A session key: a P-256 WebCrypto key pair whose private half is not extractable. */
export interface SessionKey {
  privateKey: CryptoKey;
  /** Compressed P-256 public key, hex (what the custody API registers). */
  publicKey: string;
}

const subtle = () => globalThis.crypto.subtle;

/** A fresh session key; the private key can sign but can never be exported. */
export async function generateSessionKey(): Promise<SessionKey> {
  const pair = await subtle().generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const raw = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: toHex(compressP256(raw)) };
}

/**
 * A session key from raw private-key bytes (e-mail recovery hands these over once): imported,
 * its public key read, then re-imported as non-extractable; the caller drops the bytes.
 */
export async function importSessionKey(privateKey: Uint8Array): Promise<SessionKey> {
  // PKCS#8 wrapping of a bare P-256 private key (RFC 5915 ECPrivateKey without the public key).
  const prefix = [0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20];
  const pkcs8 = new Uint8Array([...prefix, ...privateKey]);
  const extractable = await subtle().importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const jwk = await subtle().exportKey('jwk', extractable);
  const key = await subtle().importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const x = fromBase64Url(jwk.x!);
  const y = fromBase64Url(jwk.y!);
  pkcs8.fill(0);
  return { privateKey: key, publicKey: toHex(compressP256(new Uint8Array([4, ...x, ...y]))) };
}

/**
 * The API-key stamp (`X-Stamp`): base64url of `{ publicKey, scheme, signature }`, the signature
 * a hex DER ECDSA-P256-SHA256 over the exact body bytes.
 */
export function createSessionKeyStamper(key: SessionKey): Stamper {
  return {
    async stamp(body) {
      const raw = new Uint8Array(await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, utf8(body)));
      const stamp = { publicKey: key.publicKey, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: toHex(rawSignatureToDer(raw)) };
      return { stampHeaderName: 'X-Stamp', stampHeaderValue: toBase64Url(utf8(JSON.stringify(stamp))) };
    },
  };
}
