import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Jwk } from '@latchkey/protocol';
import type { Database } from '../../db/database.js';

export const JWT_ALGORITHM = 'RS256';

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** As published in the JWKS. */
  readonly publicJwk: Jwk;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: Jwk;
}

async function fromRow(row: KeyRow): Promise<SigningKey> {
  const privateKey = (await importJWK(row.private_jwk, JWT_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(row.public_jwk, JWT_ALGORITHM)) as CryptoKey;
  return { kid: row.kid, privateKey, publicKey, publicJwk: row.public_jwk };
}

/**
 * The RS256 key pair that signs the environment's session tokens: generated once, stored in the database, so tokens
 * and the JWKS survive restarts and every process of the environment signs alike. Each environment has its own (one
 * per environment, by a unique index): environments sharing a database never verify each other's tokens, even for a
 * host that checks the JWKS and not the audience. `kid` is the key's RFC 7638 thumbprint.
 */
export async function loadOrCreateSigningKey(db: Database, environmentId: string, now: () => Date): Promise<SigningKey> {
  const select = () => db.query<KeyRow>('SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE environment_id = $1', [environmentId]);
  const existing = (await select())[0];
  if (existing) return fromRow(existing);
  // A key stored before keys had an environment: the first environment to load takes it, so its tokens stay good.
  const adopted = await db.query<KeyRow>(
    `UPDATE signing_keys SET environment_id = $1
      WHERE kid = (SELECT kid FROM signing_keys WHERE environment_id IS NULL ORDER BY created_at, kid LIMIT 1)
        AND environment_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM signing_keys WHERE environment_id = $1)
      RETURNING kid, private_jwk, public_jwk`,
    [environmentId],
  ).catch(() => [] /* another process of the environment took one first: read it below */);
  if (adopted[0]) return fromRow(adopted[0]);

  const { privateKey, publicKey } = await generateKeyPair(JWT_ALGORITHM, { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  if (!exported.n || !exported.e) throw new Error('The RSA public key export lacks n or e.');
  const publicJwk: Jwk = { kid, alg: JWT_ALGORITHM, kty: 'RSA', use: 'sig', n: exported.n, e: exported.e };
  // Two processes of the environment starting on one PostgreSQL database race here; the first stored wins for both.
  await db.query(
    `INSERT INTO signing_keys (kid, environment_id, algorithm, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)
     ON CONFLICT DO NOTHING`,
    [kid, environmentId, JWT_ALGORITHM, JSON.stringify({ ...privateJwk, kid, alg: JWT_ALGORITHM }), JSON.stringify(publicJwk), now().toISOString()],
  );
  const stored = (await select())[0];
  if (!stored) throw new Error('The signing key could not be stored.');
  return fromRow(stored);
}
