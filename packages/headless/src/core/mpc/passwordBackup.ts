import type { FrostScheme, PublicPackageWire } from '@latchkey/protocol/frost';
import { mpcError } from './mpcError.js';

/**
 * A key share encrypted with the user's password (packages/sandbox/README.md, "Backups"): PBKDF2-SHA-256
 * (600 000 iterations, 16-byte salt) → AES-256-GCM (12-byte IV), AAD `latchkey-mpc-backup:{walletId}`,
 * all in WebCrypto. The result is a JSON string safe to keep anywhere; only the password opens it.
 */

export const BACKUP_KDF_ITERATIONS = 600_000;
/** A backup made with fewer iterations is not opened (nobody downgrades the KDF of a backup we read). */
const MIN_ITERATIONS = 100_000;
/**
 * Nor one asking for more than this: the count comes from the backup, so it is not trusted to decide how long the tab
 * computes. 2 000 000 is about 3.3× what the kit writes — room for one raise of the default (the usual guidance went
 * from 310 000 to 600 000 for PBKDF2-SHA-256 in its last revision) — and about 3× the half second to second a phone
 * spends on 600 000; beyond it a backup is corrupt or tampered with, not merely slow.
 */
const MAX_ITERATIONS = 2_000_000;
export const MIN_BACKUP_PASSWORD_LENGTH = 8;

/** What one backup holds. */
export interface BackupPlaintext {
  walletId: string;
  thresholdSignatureScheme: FrostScheme;
  keygenId: string;
  /** Every client keygen id of the wallet's generation (device first). */
  clientKeygenIds: string[];
  identifier: string;
  /** hex */
  signingShare: string;
  public: PublicPackageWire;
}

interface BackupEnvelope {
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
}

const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const unb64url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};
const aad = (walletId: string) => encoder.encode(`latchkey-mpc-backup:${walletId}`);

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, usage: KeyUsage): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, [usage]);
}

/** Checks the password the user chose for a backup. */
export function checkBackupPassword(password: string | undefined): string {
  if (!password || password.length < MIN_BACKUP_PASSWORD_LENGTH) throw mpcError('mpc_password_required', { params: { min: MIN_BACKUP_PASSWORD_LENGTH }, path: 'password' });
  return password;
}

export async function encryptBackup(password: string, plaintext: BackupPlaintext): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(checkBackupPassword(password), salt, BACKUP_KDF_ITERATIONS, 'encrypt');
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(plaintext.walletId) }, key, encoder.encode(JSON.stringify(plaintext))));
  const envelope: BackupEnvelope = {
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: BACKUP_KDF_ITERATIONS, salt: b64url(salt) },
    cipher: { name: 'AES-GCM', iv: b64url(iv) },
    ciphertext: b64url(ciphertext),
  };
  return JSON.stringify(envelope);
}

/**
 * Opens a backup of `walletId`; a wrong password (or another wallet's backup) is `mpc_backup_password_invalid`. An
 * envelope that is not one the kit writes — including a KDF iteration count outside [100 000, 2 000 000] — is
 * `mpc_backup_not_found` ('this backup'), before any key derivation.
 */
export async function decryptBackup(password: string, walletId: string, secret: string): Promise<BackupPlaintext> {
  const malformed = (cause?: unknown) => mpcError('mpc_backup_not_found', { params: { location: 'this backup' }, cause });
  let envelope: BackupEnvelope;
  let salt: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, ciphertext: Uint8Array<ArrayBuffer>;
  try {
    envelope = JSON.parse(secret) as BackupEnvelope;
    if (envelope.version !== 1 || envelope.kdf?.name !== 'PBKDF2' || envelope.cipher?.name !== 'AES-GCM') throw new Error('unknown backup format');
    // Checked, never clamped: another count derives another key, which would read as a wrong password.
    const { iterations } = envelope.kdf;
    if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) throw new Error(`PBKDF2 iterations out of range: ${iterations}`);
    // Decoded before any derivation: text that is not base64url (atob's DOMException) is a malformed backup too.
    [salt, iv, ciphertext] = [envelope.kdf.salt, envelope.cipher.iv, envelope.ciphertext].map(unb64url) as [typeof salt, typeof iv, typeof ciphertext];
    if (salt.length === 0 || iv.length !== 12 || ciphertext.length === 0) throw new Error('salt, IV or ciphertext of the wrong length');
  } catch (cause) {
    throw malformed(cause);
  }
  const key = await deriveKey(password, salt, envelope.kdf.iterations, 'decrypt');
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad(walletId) }, key, ciphertext);
  } catch (cause) {
    throw mpcError('mpc_backup_password_invalid', { path: 'password', cause });
  }
  let opened: BackupPlaintext;
  try {
    opened = JSON.parse(new TextDecoder().decode(plaintext)) as BackupPlaintext;
    if (typeof opened !== 'object' || opened === null) throw new Error('the backup holds no object');
  } catch (cause) {
    // It opened with this password and wallet, so it was sealed by someone who knew both: not a kit's backup all the same.
    throw malformed(cause);
  }
  if (opened.walletId !== walletId) throw mpcError('mpc_backup_password_invalid', { path: 'password' });
  return opened;
}
