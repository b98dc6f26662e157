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
 * The RS256 key pair that signs session tokens: generated once, stored in the database, so
 * tokens and the JWKS survive restarts. `kid` is the key's RFC 7638 thumbprint.
 */
export async function loadOrCreateSigningKey(db: Database, now: () => Date): Promise<SigningKey> {
  const select = () => db.query<KeyRow>('SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at ASC LIMIT 1');
  const existing = (await select())[0];
  if (existing) return fromRow(existing);

  const { privateKey, publicKey } = await generateKeyPair(JWT_ALGORITHM, { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  if (!exported.n || !exported.e) throw new Error('The RSA public key export lacks n or e.');
  const publicJwk: Jwk = { kid, alg: JWT_ALGORITHM, kty: 'RSA', use: 'sig', n: exported.n, e: exported.e };
  // Two processes starting on one PostgreSQL database race here; the earliest key wins for both.
  await db.query(
    `INSERT INTO signing_keys (kid, algorithm, private_jwk, public_jwk, created_at) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)
     ON CONFLICT (kid) DO NOTHING`,
    [kid, JWT_ALGORITHM, JSON.stringify({ ...privateJwk, kid, alg: JWT_ALGORITHM }), JSON.stringify(publicJwk), now().toISOString()],
  );
  const stored = (await select())[0];
  if (!stored) throw new Error('The signing key could not be stored.');
  return fromRow(stored);
}
