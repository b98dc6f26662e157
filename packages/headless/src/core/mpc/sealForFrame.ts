import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import type { FrostSecret } from '@noble/curves/abstract/frost.js';
import { MPC_EXPORT_HPKE_INFO } from '@latchkey/protocol';
import { fromHex, toHex } from '@latchkey/protocol/frost';
import type { SealedServerShare } from './ceremonies.js';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const encoder = new TextEncoder();

/**
 * A client share sealed to the export frame's key exactly as the server seals its own (HPKE base mode,
 * DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM; info `latchkey-mpc-export`, AAD the identifier):
 * the host page relays only ciphertext, and only the frame combines.
 */
export async function sealForFrame(targetPublicKey: string, secret: FrostSecret): Promise<SealedServerShare> {
  const recipientPublicKey = await suite.kem.deserializePublicKey(fromHex(targetPublicKey, 'targetPublicKey', 65).buffer);
  const sender = await suite.createSenderContext({ recipientPublicKey, info: encoder.encode(MPC_EXPORT_HPKE_INFO).buffer as ArrayBuffer });
  const ciphertext = new Uint8Array(await sender.seal(secret.signingShare.slice().buffer as ArrayBuffer, encoder.encode(secret.identifier).buffer as ArrayBuffer));
  return { identifier: secret.identifier, encapsulatedKey: toHex(new Uint8Array(sender.enc)), ciphertext: toHex(ciphertext) };
}
