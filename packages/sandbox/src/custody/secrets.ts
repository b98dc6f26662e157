import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import type { Queryable } from '../db/database.js';

/**
 * The emulator's own secrets, created once per environment and kept in the database:
 * - the master key (AES-256-GCM) that encrypts every private key at rest;
 * - the enclave key (P-256) that signs export and credential bundles;
 * - the root organisation and its API key, the one the product API acts with.
 */
export interface CustodySecrets {
  readonly masterKey: Buffer;
  readonly enclavePrivateKey: Uint8Array;
  /** Uncompressed P-256, hex. */
  readonly enclavePublicKey: string;
  readonly rootOrganizationId: string;
  readonly rootApiKey: { readonly privateKey: string; readonly publicKey: string };
}

interface SecretsRow {
  master_key: string;
  enclave_private_key: string;
  root_organization_id: string;
  root_api_private_key: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function toSecrets(row: SecretsRow): CustodySecrets {
  const enclavePrivateKey = new Uint8Array(Buffer.from(row.enclave_private_key, 'hex'));
  return {
    masterKey: Buffer.from(row.master_key, 'base64'),
    enclavePrivateKey,
    enclavePublicKey: hex(p256.getPublicKey(enclavePrivateKey, false)),
    rootOrganizationId: row.root_organization_id,
    rootApiKey: { privateKey: row.root_api_private_key, publicKey: hex(p256.getPublicKey(Buffer.from(row.root_api_private_key, 'hex'), true)) },
  };
}

/** Loads the secrets of `environmentId`, creating them (and the root organisation) on first use. */
export async function loadOrCreateCustodySecrets(q: Queryable, environmentId: string, now: Date): Promise<CustodySecrets> {
  const existing = await q.query<SecretsRow>('SELECT master_key, enclave_private_key, root_organization_id, root_api_private_key FROM custody_secrets WHERE environment_id = $1', [environmentId]);
  if (existing[0]) return toSecrets(existing[0]);
  const row: SecretsRow = {
    master_key: randomBytes(32).toString('base64'),
    enclave_private_key: hex(p256.utils.randomSecretKey()),
    root_organization_id: randomUUID(),
    root_api_private_key: hex(p256.utils.randomSecretKey()),
  };
  const secrets = toSecrets(row);
  const at = now.toISOString();
  const rootUserId = randomUUID();
  await q.query('INSERT INTO custody_organizations (id, environment_id, parent_id, name, created_at) VALUES ($1, $2, NULL, $3, $4)', [
    row.root_organization_id,
    environmentId,
    'Latchkey sandbox',
    at,
  ]);
  await q.query('INSERT INTO custody_users (id, organization_id, user_name, user_email, created_at) VALUES ($1, $2, $3, NULL, $4)', [rootUserId, row.root_organization_id, 'Product API', at]);
  await q.query('INSERT INTO custody_api_keys (id, organization_id, user_id, name, public_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    row.root_organization_id,
    rootUserId,
    'product-api',
    secrets.rootApiKey.publicKey,
    at,
  ]);
  await q.query(
    'INSERT INTO custody_secrets (environment_id, master_key, enclave_private_key, root_organization_id, root_api_private_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [environmentId, row.master_key, row.enclave_private_key, row.root_organization_id, row.root_api_private_key, at],
  );
  return secrets;
}

/** AES-256-GCM under the master key: `base64(iv(12) ‖ tag(16) ‖ ciphertext)`, bound to `label` as AAD. */
export function sealAtRest(masterKey: Buffer, plaintext: Uint8Array, label: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(label));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function openAtRest(masterKey: Buffer, sealed: string, label: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(label));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]));
}
