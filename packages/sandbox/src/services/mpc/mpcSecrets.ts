import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

/**
 * The MPC server party's master key (AES-256-GCM), one per environment, kept in the database so every
 * sandbox instance on the same database reads the same one. Server key shares and the secret part of
 * a ceremony's state are sealed under it at rest.
 */
export interface MpcSecrets {
  readonly masterKey: Buffer;
}

export async function loadOrCreateMpcSecrets(q: Queryable, environmentId: string, now: Date): Promise<MpcSecrets> {
  // Two instances starting together: one insert wins, both read the winner.
  await q.query('INSERT INTO mpc_secrets (environment_id, master_key, created_at) VALUES ($1, $2, $3) ON CONFLICT (environment_id) DO NOTHING', [
    environmentId,
    randomBytes(32).toString('base64'),
    now.toISOString(),
  ]);
  const rows = await q.query<{ master_key: string }>('SELECT master_key FROM mpc_secrets WHERE environment_id = $1', [environmentId]);
  const row = rows[0];
  if (!row) throw new Error('mpc_secrets: no master key after insert.');
  return { masterKey: Buffer.from(row.master_key, 'base64') };
}

/** AES-256-GCM: `base64(iv(12) ‖ tag(16) ‖ ciphertext)`, bound to `label` (what the bytes are, and whose) as AAD. */
export function seal(secrets: MpcSecrets, plaintext: Uint8Array, label: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secrets.masterKey, iv);
  cipher.setAAD(Buffer.from(label));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function unseal(secrets: MpcSecrets, sealed: string, label: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secrets.masterKey, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(label));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]));
}

export const sealJson = (secrets: MpcSecrets, value: unknown, label: string) => seal(secrets, new TextEncoder().encode(JSON.stringify(value)), label);
export const unsealJson = <T>(secrets: MpcSecrets, sealed: string, label: string): T => JSON.parse(new TextDecoder().decode(unseal(secrets, sealed, label))) as T;
