/** PKCE (RFC 7636) with WebCrypto: no Node globals, works in browsers and Node ≥ 20. */
import { base64urlnopad } from '@scure/base';

const base64url = (bytes: Uint8Array): string => base64urlnopad.encode(bytes);

export interface Pkce {
  /** 43 characters of base64url (32 random bytes): kept by the kit, sent only with the code. */
  verifier: string;
  /** base64url(SHA-256(verifier)): sent with initAuth. */
  challenge: string;
}

/** A fresh verifier and its S256 challenge. */
export async function createPkce(crypto: Crypto = globalThis.crypto): Promise<Pkce> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}
