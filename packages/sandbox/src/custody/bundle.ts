import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';

/**
 * Bundles: key material encrypted to a caller-supplied P-256 public key with HPKE (RFC 9180,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM; info `turnkey_hpke`, AAD = the
 * encapsulated key ‖ the target key ‖ `bundleContext` — the organisation and `createdAtMs`, so a receiver that
 * reads the age (a recovery code counts for 900 s) cannot be fooled by a rewritten one: the ciphertext no longer
 * opens), signed by the emulator's enclave key so a receiver that knows it can tell where it comes from. Wire form (a JSON string):
 * `{ version: 'v1.0.0', data: hex(JSON{ encappedPublic, ciphertext, organizationId, createdAtMs }),
 *    dataSignature: hex DER ECDSA-P256-SHA256 over the data bytes, enclaveQuorumPublic }`.
 */
export const BUNDLE_INFO = 'turnkey_hpke';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The AAD's tail: UTF-8 of `JSON.stringify([organizationId, createdAtMs])`, rebuilt by the receiver from the bundle's data. */
export function bundleContext(organizationId: string, createdAtMs: number): Uint8Array {
  return new TextEncoder().encode(JSON.stringify([organizationId, createdAtMs]));
}

/** A P-256 public key as hex (compressed or uncompressed) → uncompressed bytes; throws if not on the curve. */
export function uncompressedP256(publicKeyHex: string): Uint8Array {
  return p256.Point.fromHex(publicKeyHex).toBytes(false);
}

export async function sealBundle(input: {
  targetPublicKey: string;
  plaintext: Uint8Array;
  organizationId: string;
  createdAt: Date;
  enclavePrivateKey: Uint8Array;
}): Promise<string> {
  const target = uncompressedP256(input.targetPublicKey);
  const recipientPublicKey = await suite.kem.deserializePublicKey(target.slice().buffer);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: new TextEncoder().encode(BUNDLE_INFO).buffer as ArrayBuffer });
  const enc = new Uint8Array(sender.enc);
  const createdAtMs = input.createdAt.getTime();
  const aad = new Uint8Array([...enc, ...target, ...bundleContext(input.organizationId, createdAtMs)]);
  const ciphertext = new Uint8Array(await sender.seal(input.plaintext.slice().buffer as ArrayBuffer, aad.buffer as ArrayBuffer));
  const data = new TextEncoder().encode(
    JSON.stringify({ encappedPublic: hex(enc), ciphertext: hex(ciphertext), organizationId: input.organizationId, createdAtMs }),
  );
  const dataSignature = p256.sign(data, input.enclavePrivateKey, { format: 'der' });
  return JSON.stringify({
    version: 'v1.0.0',
    data: hex(data),
    dataSignature: hex(dataSignature),
    enclaveQuorumPublic: hex(p256.getPublicKey(input.enclavePrivateKey, false)),
  });
}
