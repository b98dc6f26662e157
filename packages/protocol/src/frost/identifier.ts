import { ed25519_FROST } from '@noble/curves/ed25519.js';

/**
 * The FROST identifier of a keygen id: `Identifier.derive(keygenId)` of @noble/curves, i.e. the
 * scalar H("FROST-ED25519-SHA512-v1id" ‖ UTF-8(keygenId)) mod L, as 32 little-endian bytes in hex.
 */
export function identifierOf(keygenId: string): string {
  return ed25519_FROST.Identifier.derive(keygenId);
}
