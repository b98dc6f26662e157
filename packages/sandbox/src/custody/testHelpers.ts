import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';
import type { SoftAuthenticator, SoftPasskey } from '../test/softAuthenticator.js';
import { BUNDLE_INFO, bundleContext } from './bundle.js';
import { webAuthnChallenge } from './stamp.js';

/** Test-side helpers for the custody emulator: key pairs and bundle decryption (the receiver's side). */

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export function newApiKeyPair(): { privateKey: string; publicKey: string } {
  const secret = p256.utils.randomSecretKey();
  return { privateKey: hex(secret), publicKey: hex(p256.getPublicKey(secret, true)) };
}

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** A receiver key pair for bundles: `targetPublicKey` is its uncompressed public key in hex. */
export async function newTargetKey(): Promise<{ targetPublicKey: string; open(bundle: string): Promise<{ plaintext: Uint8Array; organizationId: string; createdAtMs: number; signatureValid: boolean }> }> {
  const pair = await suite.kem.generateKeyPair();
  const targetPublicKey = hex(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey)));
  return {
    targetPublicKey,
    async open(bundle) {
      const outer = JSON.parse(bundle) as { data: string; dataSignature: string; enclaveQuorumPublic: string };
      const dataBytes = Buffer.from(outer.data, 'hex');
      const signatureValid = p256.verify(Buffer.from(outer.dataSignature, 'hex'), dataBytes, Buffer.from(outer.enclaveQuorumPublic, 'hex'), { format: 'der', lowS: false });
      const data = JSON.parse(dataBytes.toString('utf8')) as { encappedPublic: string; ciphertext: string; organizationId: string; createdAtMs: number };
      const enc = Buffer.from(data.encappedPublic, 'hex');
      const target = Buffer.from(targetPublicKey, 'hex');
      const recipient = await suite.createRecipientContext({ recipientKey: pair, enc: new Uint8Array(enc).buffer, info: new TextEncoder().encode(BUNDLE_INFO).buffer as ArrayBuffer });
      const aad = new Uint8Array([...enc, ...target, ...bundleContext(data.organizationId, data.createdAtMs)]);
      const plaintext = new Uint8Array(await recipient.open(new Uint8Array(Buffer.from(data.ciphertext, 'hex')).buffer, aad.buffer));
      return { plaintext, organizationId: data.organizationId, createdAtMs: data.createdAtMs, signatureValid };
    },
  };
}

/** A minimal legacy Solana transaction (one signer, one no-op system instruction), unsigned. */
export function unsignedLegacyTransaction(signer: Uint8Array): { transaction: Uint8Array; message: Uint8Array } {
  const systemProgram = new Uint8Array(32);
  const message = new Uint8Array([1, 0, 1, 2, ...signer, ...systemProgram, ...new Uint8Array(32).fill(7), 1, 1, 1, 0, 0]);
  return { transaction: new Uint8Array([1, ...new Uint8Array(64), ...message]), message };
}

/**
 * A custody stamper (the public client's `stamp(body)` shape) backed by a soft authenticator's
 * passkey: the `X-Stamp-WebAuthn` stamp of an assertion over the hashed body (SPEC §9).
 */
export function softPasskeyStamper(authenticator: SoftAuthenticator, origin: string, passkey?: SoftPasskey) {
  return {
    async stamp(body: string) {
      const assertion = authenticator.authenticate({ challenge: webAuthnChallenge(new TextEncoder().encode(body)), rpId: new URL(origin).hostname }, origin, passkey);
      const stamp = { authenticatorData: assertion.response.authenticatorData, clientDataJson: assertion.response.clientDataJSON, credentialId: assertion.id, signature: assertion.response.signature };
      return { stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: JSON.stringify(stamp) };
    },
  };
}

/** A passkey registration by `authenticator` over `challenge`, as the custody-side attestation of SPEC §3. */
export function softPasskeyAttestation(authenticator: SoftAuthenticator, challenge: string, origin: string) {
  const credential = authenticator.register({ challenge, rp: { id: new URL(origin).hostname }, user: { id: Buffer.from(`user-${challenge}`).toString('base64url').slice(0, 64) } }, origin);
  return {
    credentialId: credential.id as string,
    clientDataJson: credential.response.clientDataJSON as string,
    attestationObject: credential.response.attestationObject as string,
    transports: credential.response.transports as ['internal'],
  };
}
