import { embeddedError } from './embeddedError.js';
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { compressP256, fromBase64Url, fromHex, toHex, utf8 } from './bytes.js';

/** SPEC §4 / §9: a recovery code counts only if its key was created within 900 s; the session lasts 1800 s. */
export const RECOVERY_CODE_LIFETIME_MS = 900_000;
export const RECOVERY_SESSION_MS = 1_800_000;
/** HPKE `info` of custody bundles. */
const BUNDLE_INFO = 'turnkey_hpke';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** A receiver key for one bundle (recovery credential or export): lives in memory only. */
export interface BundleTarget {
  /** Compressed P-256 public key, hex (what `sessionPublicKey` carries). */
  readonly publicKey: string;
  /** Uncompressed P-256 public key, hex (what `targetPublicKey` carries). */
  readonly uncompressedPublicKey: string;
  /** Decrypts a bundle meant for this key; `createdAtMs` as custody sealed it (bound into the AEAD's associated data). */
  open(bundle: string): Promise<{ plaintext: Uint8Array; createdAtMs: number; organizationId: string }>;
}

export async function createBundleTarget(): Promise<BundleTarget> {
  const pair = await suite.kem.generateKeyPair();
  const uncompressed = new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey));
  return {
    publicKey: toHex(compressP256(uncompressed)),
    uncompressedPublicKey: toHex(uncompressed),
    async open(bundle) {
      const outer = JSON.parse(bundle) as { data?: unknown };
      if (typeof outer.data !== 'string') throw new Error('Not a bundle.');
      const data = JSON.parse(new TextDecoder().decode(fromHex(outer.data))) as { encappedPublic: string; ciphertext: string; createdAtMs: number; organizationId: string };
      const enc = fromHex(data.encappedPublic);
      const recipient = await suite.createRecipientContext({ recipientKey: pair, enc: enc.slice().buffer, info: utf8(BUNDLE_INFO).buffer as ArrayBuffer });
      if (typeof data.organizationId !== 'string' || typeof data.createdAtMs !== 'number') throw new Error('Not a bundle.');
      // The organisation and the age are bound into the AAD: a rewritten createdAtMs does not open.
      const aad = new Uint8Array([...enc, ...uncompressed, ...utf8(JSON.stringify([data.organizationId, data.createdAtMs]))]);
      const plaintext = new Uint8Array(await recipient.open(fromHex(data.ciphertext).slice().buffer, aad.buffer));
      return { plaintext, createdAtMs: Number(data.createdAtMs), organizationId: String(data.organizationId) };
    },
  };
}

/**
 * Reads a recovery code (the base64url bundle of the e-mail) with `target`: the recovered private
 * key, if the code is well-formed, opens with this key, its key is at most 900 s old (and not made
 * further ahead than that: a device clock may be behind custody's, not a day), and — given
 * `organizationId` — it is that organisation's. Anything else is 'The code is invalid or expired.'
 * (`recovery_code_invalid`). HPKE's base mode does not authenticate the sender: the age and the
 * organisation are what tie a code to the request this device made.
 */
export async function openRecoveryCode(target: BundleTarget, code: string, now: number, organizationId?: string): Promise<{ privateKey: Uint8Array; createdAtMs: number }> {
  let opened: Awaited<ReturnType<BundleTarget['open']>>;
  try {
    opened = await target.open(new TextDecoder().decode(fromBase64Url(code.trim())));
  } catch (error) {
    throw embeddedError('recovery_code_invalid', { cause: error });
  }
  const age = now - opened.createdAtMs;
  if (!Number.isFinite(age) || Math.abs(age) > RECOVERY_CODE_LIFETIME_MS || opened.plaintext.length !== 32 || (organizationId !== undefined && opened.organizationId !== organizationId)) {
    throw embeddedError('recovery_code_invalid');
  }
  return { privateKey: opened.plaintext, createdAtMs: opened.createdAtMs };
}
