import type { FrostSecret } from '@noble/curves/abstract/frost.js';
import { ed25519, ed25519_FROST as frost } from '@noble/curves/ed25519.js';
import { fromHex, toHex } from './codec.js';

/**
 * Proof that a client holds a share of the wallet: a Schnorr proof of knowledge of s with Y = s·G (its verifying
 * share), bound to what it is for. The verifying shares are public — the group key and one server share give a
 * client's away — so a commitment that merely equals Y proves nothing: without this, whoever holds the session could
 * deal a polynomial it does not know the constant of (a reshare nobody can sign with afterwards) or have the server's
 * shares sealed to a key of its own (export).
 *
 * proof = R ‖ z with R = k·G for a random k, c = H(purpose ‖ context ‖ identifier ‖ Y ‖ R) (SHA-512 of the domain tag
 * and those, a little-endian number reduced mod the group order; Web Crypto's, so no hashing code ships), z = k + c·s;
 * valid when z·G = R + c·Y.
 */
const DST = 'latchkey-frost-share-proof-v1';
const Fn = frost.utils.Fn;
const Point = ed25519.Point;

export type ShareProofPurpose = 'reshare' | 'export' | 'backup';

async function challenge(purpose: ShareProofPurpose, context: string, identifier: string, verifyingShare: Uint8Array, commitment: Uint8Array): Promise<bigint> {
  const message = new TextEncoder().encode(`${DST}\0${purpose}\0${context}\0${identifier}\0${toHex(verifyingShare)}\0${toHex(commitment)}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-512', message));
  let number = 0n;
  for (let i = digest.length - 1; i >= 0; i--) number = (number << 8n) | BigInt(digest[i] as number);
  return Fn.create(number);
}

/** An export's proof context: the room, and the key the server's shares are sealed to. */
export const exportProofContext = (roomId: string, targetPublicKey: string): string => `${roomId}\0${targetPublicKey.toLowerCase()}`;

/**
 * A backup's proof context: the wallet, and every field of the backup (who made it, whether the password encrypts it,
 * the cloud drive, the ciphertext), so that a proof made for one backup cannot carry another.
 */
export const backupProofContext = (walletId: string, backup: { source: string; passwordEncrypted?: boolean | undefined; backupLocation?: string | undefined; secret?: string | undefined }): string =>
  [walletId, backup.source, backup.passwordEncrypted ? 'passwordEncrypted' : '', backup.backupLocation ?? '', backup.secret ?? ''].join('\0');

/** The 64-byte proof that `share` is held, for `purpose` within `context` (a room id; for an export, with its target key; for a backup, `backupProofContext`). */
export async function proveShare(share: FrostSecret, purpose: ShareProofPurpose, context: string): Promise<Uint8Array> {
  const s = Fn.fromBytes(share.signingShare);
  const k = Fn.fromBytes(frost.utils.randomScalar());
  const commitment = Point.BASE.multiply(k).toBytes();
  const c = await challenge(purpose, context, share.identifier, Point.BASE.multiply(s).toBytes(), commitment);
  const z = Fn.add(k, Fn.mul(c, s));
  return new Uint8Array([...commitment, ...Fn.toBytes(z)]);
}

/** Whether `proof` (hex, 64 bytes) proves the share behind `verifyingShare` for `purpose` within `context`. */
export async function verifyShareProof(verifyingShare: Uint8Array, identifier: string, purpose: ShareProofPurpose, context: string, proof: string): Promise<boolean> {
  try {
    const bytes = fromHex(proof, 'proof', 64);
    const R = Point.fromBytes(bytes.slice(0, 32));
    const Y = Point.fromBytes(verifyingShare);
    const z = Fn.fromBytes(bytes.slice(32));
    const c = await challenge(purpose, context, identifier, Y.toBytes(), R.toBytes());
    return Point.BASE.multiply(z).equals(R.add(Y.multiply(c)));
  } catch {
    return false;
  }
}
