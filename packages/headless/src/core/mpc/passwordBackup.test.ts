import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_KDF_ITERATIONS, decryptBackup, encryptBackup, type BackupPlaintext } from './passwordBackup.js';

const PASSWORD = 'correct horse battery';
const plaintext: BackupPlaintext = {
  walletId: 'wallet-1',
  thresholdSignatureScheme: 'TWO_OF_TWO',
  keygenId: 'keygen-1',
  clientKeygenIds: ['keygen-1'],
  identifier: '01',
  signingShare: 'ab'.repeat(32),
  public: { commitments: ['02'.padEnd(66, '0')], verifyingShares: {} } as unknown as BackupPlaintext['public'],
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** The envelope `encryptBackup` wrote, with its KDF iteration count replaced (as someone who can edit the backup would). */
function withIterations(secret: string, iterations: unknown): string {
  const envelope = JSON.parse(secret) as { kdf: Record<string, unknown> };
  envelope.kdf['iterations'] = iterations;
  return JSON.stringify(envelope);
}

/** PBKDF2 never runs: any derivation fails at once with a marker error, so a test cannot stall on a huge count. */
function stubDerivation() {
  const marker = new Error('derivation started');
  const importKey = vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(marker);
  const deriveKey = vi.spyOn(crypto.subtle, 'deriveKey').mockRejectedValue(marker);
  return { marker, importKey, deriveKey };
}

describe('password backup', () => {
  it('default: a backup the kit wrote opens with its password, and not with another', async () => {
    const secret = await encryptBackup(PASSWORD, plaintext);
    expect(JSON.parse(secret)).toMatchObject({ version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: BACKUP_KDF_ITERATIONS } });
    await expect(decryptBackup(PASSWORD, 'wallet-1', secret)).resolves.toEqual(plaintext);
    await expect(decryptBackup('another password', 'wallet-1', secret)).rejects.toMatchObject({ code: 'mpc_backup_password_invalid' });
  });

  it('error: an iteration count outside [100 000, 2 000 000] is a malformed backup, refused before any key derivation', async () => {
    const secret = await encryptBackup(PASSWORD, plaintext);
    const { importKey, deriveKey } = stubDerivation();
    // Above: what the old clamp derived with 10 000 000 (seconds of a phone's CPU) and then called a wrong password.
    // Below: a downgraded KDF. Neither a number nor an integer: not a count.
    for (const iterations of [2_000_001, 10_000_000, 10_000_001, 1e12, Number.MAX_SAFE_INTEGER, 99_999, 1, 0, -600_000, 600_000.5, '600000', null, undefined]) {
      const error = await decryptBackup(PASSWORD, 'wallet-1', withIterations(secret, iterations)).catch((caught: unknown) => caught);
      expect(error, `iterations ${String(iterations)}`).toMatchObject({ code: 'mpc_backup_not_found', message: 'No backup of this wallet was found in this backup.' });
    }
    expect(importKey).not.toHaveBeenCalled();
    expect(deriveKey).not.toHaveBeenCalled();
  });

  it('error: a salt, IV or ciphertext that is not base64url, or an IV of the wrong length, is a malformed backup, refused before any key derivation', async () => {
    const secret = await encryptBackup(PASSWORD, plaintext);
    const { importKey, deriveKey } = stubDerivation();
    const edits: [string, (envelope: { kdf: Record<string, unknown>; cipher: Record<string, unknown>; ciphertext?: unknown }) => void][] = [
      ['salt not base64url', (envelope) => (envelope.kdf['salt'] = '%%%')],
      ['salt empty', (envelope) => (envelope.kdf['salt'] = '')],
      ['salt a number', (envelope) => (envelope.kdf['salt'] = 16)],
      ['iv not base64url', (envelope) => (envelope.cipher['iv'] = 'not*base64')],
      ['iv of 8 bytes', (envelope) => (envelope.cipher['iv'] = 'AAAAAAAAAAA')],
      ['ciphertext not base64url', (envelope) => (envelope.ciphertext = '\u0000')],
      ['ciphertext missing', (envelope) => delete envelope.ciphertext],
    ];
    for (const [what, edit] of edits) {
      const envelope = JSON.parse(secret) as Parameters<(typeof edits)[number][1]>[0];
      edit(envelope);
      const error = await decryptBackup(PASSWORD, 'wallet-1', JSON.stringify(envelope)).catch((caught: unknown) => caught);
      expect(error, what).toMatchObject({ code: 'mpc_backup_not_found', message: 'No backup of this wallet was found in this backup.' });
    }
    expect(importKey).not.toHaveBeenCalled();
    expect(deriveKey).not.toHaveBeenCalled();
  });

  it('error: a backup that opens but does not hold a backup of this kit (not JSON, not an object) is a malformed backup, not a crash', async () => {
    // Sealed with the right password and wallet (at the lowest count the kit accepts, to keep the test quick).
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSWORD), 'PBKDF2', false, ['deriveKey']);
    const key = await crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt']);
    const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const body of ['not json', 'null', '42']) {
      const additionalData = new TextEncoder().encode('latchkey-mpc-backup:wallet-1');
      const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, new TextEncoder().encode(body)));
      const secret = JSON.stringify({ version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 100_000, salt: b64url(salt) }, cipher: { name: 'AES-GCM', iv: b64url(iv) }, ciphertext: b64url(ciphertext) });
      const error = await decryptBackup(PASSWORD, 'wallet-1', secret).catch((caught: unknown) => caught);
      expect(error, body).toMatchObject({ code: 'mpc_backup_not_found', message: 'No backup of this wallet was found in this backup.' });
    }
  });

  it('behavior: the counts at both ends of the range are derived with exactly, never clamped', async () => {
    const secret = await encryptBackup(PASSWORD, plaintext);
    const { marker, deriveKey } = stubDerivation();
    vi.spyOn(crypto.subtle, 'importKey').mockResolvedValue({} as CryptoKey);
    for (const iterations of [100_000, BACKUP_KDF_ITERATIONS, 2_000_000]) {
      await expect(decryptBackup(PASSWORD, 'wallet-1', withIterations(secret, iterations))).rejects.toBe(marker);
      expect(deriveKey).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'PBKDF2', iterations }), expect.anything(), expect.anything(), false, ['decrypt']);
    }
  });
});
