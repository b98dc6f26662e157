import { randomBytes, randomUUID } from 'node:crypto';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { z } from 'zod';
import { isUniqueViolation, type Queryable } from '../db/database.js';
import { acceptedOrigin } from '../webauthn/acceptedOrigin.js';
import type { CustodyContext, Principal } from './CustodyContext.js';
import { CustodyError, custodyMessages } from './CustodyError.js';
import { sealAtRest } from './secrets.js';
import { deriveEd25519, solanaAccount } from './solanaKeys.js';

/** Creation of users (with API keys and authenticators) and of wallets (with accounts). */

const compressedP256 = z.string().regex(/^0[23][0-9a-fA-F]{64}$/, { message: 'must be a compressed P-256 public key in hex' });

/**
 * How long an API key lives, in seconds: at most 10 digits as a string, 1e9 as a number — an expiry beyond a date's
 * range (Number.MAX_SAFE_INTEGER seconds, say) would fail when stored.
 */
export const expirationSecondsSchema = z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive().max(1_000_000_000)]);

export const apiKeyParamsSchema = z.object({
  apiKeyName: z.string().min(1).max(256),
  publicKey: compressedP256,
  curveType: z.literal('API_KEY_CURVE_P256').optional(),
  expirationSeconds: expirationSecondsSchema.optional(),
});

export const authenticatorParamsSchema = z.object({
  authenticatorName: z.string().min(1).max(256),
  challenge: z.string().min(1),
  attestation: z.object({
    credentialId: z.string().min(1),
    clientDataJson: z.string().min(1),
    attestationObject: z.string().min(1),
    transports: z.array(z.string()).optional(),
  }),
});

export const accountParamsSchema = z.object({
  curve: z.literal('CURVE_ED25519', { message: 'only CURVE_ED25519 (Solana) accounts are emulated' }),
  pathFormat: z.literal('PATH_FORMAT_BIP32'),
  path: z.string().regex(/^m(\/\d{1,10}')+$/, { message: "must be a hardened BIP-32 path such as m/44'/501'/0'/0'" }),
  addressFormat: z.literal('ADDRESS_FORMAT_SOLANA', { message: 'only ADDRESS_FORMAT_SOLANA is emulated' }),
});

export const walletParamsSchema = z.object({
  walletName: z.string().min(1).max(256),
  accounts: z.array(accountParamsSchema).max(100),
  mnemonicLength: z.number().optional(),
});

export const userParamsSchema = z.object({
  userName: z.string().min(1).max(256),
  userEmail: z.string().email().optional(),
  apiKeys: z.array(apiKeyParamsSchema).max(10).default([]),
  authenticators: z.array(authenticatorParamsSchema).max(10).default([]),
  oauthProviders: z.array(z.unknown()).max(0, { message: 'oauth providers are not emulated' }).optional(),
});

/**
 * The key a user's own api key (a device's session key) adds keys as, or undefined when the caller is not one (the
 * parent organisation, a passkey). Such a key adds only keys that lapse within its own lifetime — `seconds` are the
 * lifetimes asked for, undefined for a key that never lapses — and deleting it deletes them (`delete_api_keys`), so a
 * stolen session key mints nothing that outlives it or the sign-out that ends it, whichever activity mints the key
 * (`create_api_keys`, or a recovery's `email_auth` / `otp_auth`).
 */
export async function keyMaker(q: Queryable, principal: Principal, seconds: readonly (string | number | undefined)[]): Promise<string | undefined> {
  if (principal.relation !== 'member' || principal.via.kind !== 'apiKey') return undefined;
  const maker = principal.via.apiKeyId;
  // FOR SHARE: a deletion of the maker running at the same time (PostgreSQL runs both at once) waits for this request
  // to commit, then finds the keys it added; or, having deleted it first, makes this request find no maker and refuse.
  // Without it the new key was added by a key whose deletion had missed it: an orphan no sign-out would delete.
  const [row] = await q.query<{ created_at: Date; expires_at: Date | null }>('SELECT created_at, expires_at FROM custody_api_keys WHERE id = $1 FOR SHARE', [maker]);
  if (!row) throw new CustodyError(16, custodyMessages.unknownPublicKey);
  const lifetime = row.expires_at ? Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 1000) : undefined;
  if (lifetime !== undefined && seconds.some((asked) => asked === undefined || Number(asked) > lifetime)) {
    throw new CustodyError(7, custodyMessages.apiKeyOutlivesItsMaker.replace('{seconds}', String(lifetime)));
  }
  return maker;
}

export async function insertApiKey(
  ctx: CustodyContext,
  q: Queryable,
  organizationId: string,
  userId: string,
  key: z.output<typeof apiKeyParamsSchema>,
  extra: { useBefore?: Date; addedBy?: string } = {},
): Promise<string> {
  const now = ctx.submittedAt ?? ctx.now();
  const id = randomUUID();
  const expiresAt = key.expirationSeconds === undefined ? null : new Date(now.getTime() + Number(key.expirationSeconds) * 1000).toISOString();
  await q.query(
    'INSERT INTO custody_api_keys (id, organization_id, user_id, name, public_key, created_at, expires_at, use_before, added_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [id, organizationId, userId, key.apiKeyName, key.publicKey.toLowerCase(), now.toISOString(), expiresAt, extra.useBefore?.toISOString() ?? null, extra.addedBy ?? null],
  );
  return id;
}

/** Registers a passkey: its attestation is verified like any passkey registration. */
export async function insertAuthenticator(ctx: CustodyContext, q: Queryable, organizationId: string, userId: string, input: z.output<typeof authenticatorParamsSchema>): Promise<string> {
  let origin = '';
  try {
    origin = String(JSON.parse(Buffer.from(input.attestation.clientDataJson, 'base64url').toString('utf8')).origin ?? '');
  } catch {
    throw new CustodyError(3, 'invalid attestation: clientDataJson is not base64url JSON');
  }
  let rpId = '';
  try {
    rpId = new URL(origin).hostname;
  } catch {
    throw new CustodyError(3, 'invalid attestation: no origin');
  }
  if (!acceptedOrigin(origin, rpId)) throw new CustodyError(3, `invalid attestation: origin ${origin} is not a secure context`);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: {
        id: input.attestation.credentialId,
        rawId: input.attestation.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: input.attestation.clientDataJson, attestationObject: input.attestation.attestationObject, transports: input.attestation.transports as never },
      },
      expectedChallenge: input.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: [-7],
    });
  } catch (error) {
    throw new CustodyError(3, `invalid attestation: ${(error as Error).message}`);
  }
  if (!verification.verified || !verification.registrationInfo) throw new CustodyError(3, 'invalid attestation');
  const { credential } = verification.registrationInfo;
  const id = randomUUID();
  await q.query(
    'INSERT INTO custody_authenticators (id, organization_id, user_id, name, credential_id, public_key, rp_id, counter, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [id, organizationId, userId, input.authenticatorName, credential.id, Buffer.from(credential.publicKey).toString('base64url'), rpId, credential.counter, ctx.now().toISOString()],
  );
  return id;
}

export async function insertUser(ctx: CustodyContext, q: Queryable, organizationId: string, user: z.output<typeof userParamsSchema>): Promise<string> {
  const id = randomUUID();
  await q.query('INSERT INTO custody_users (id, organization_id, user_name, user_email, created_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    organizationId,
    user.userName,
    user.userEmail?.toLowerCase() ?? null,
    ctx.now().toISOString(),
  ]);
  for (const key of user.apiKeys) await insertApiKey(ctx, q, organizationId, id, key);
  for (const authenticator of user.authenticators) await insertAuthenticator(ctx, q, organizationId, id, authenticator);
  return id;
}

export async function insertAccounts(
  ctx: CustodyContext,
  q: Queryable,
  organizationId: string,
  walletId: string,
  seed: Uint8Array,
  accounts: readonly z.output<typeof accountParamsSchema>[],
): Promise<string[]> {
  const addresses: string[] = [];
  for (const account of accounts) {
    const privateKey = deriveEd25519(seed, account.path);
    const { address, publicKey } = solanaAccount(privateKey);
    const exists = () => new CustodyError(3, `wallet account ${address} already exists`);
    const taken = await q.query('SELECT 1 FROM custody_wallet_accounts WHERE organization_id = $1 AND address = $2', [organizationId, address]);
    if (taken.length > 0) throw exists();
    const id = randomUUID();
    // A request creating the same account at the same moment: that insert won.
    await q
      .query(
        `INSERT INTO custody_wallet_accounts (id, organization_id, wallet_id, curve, path_format, path, address_format, address, public_key, encrypted_private_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [id, organizationId, walletId, account.curve, account.pathFormat, account.path, account.addressFormat, address, Buffer.from(publicKey).toString('hex'), sealAtRest(ctx.secrets.masterKey, privateKey, `account:${id}`), ctx.now().toISOString()],
      )
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? exists() : error;
      });
    addresses.push(address);
  }
  return addresses;
}

/** A new HD wallet: a random 32-byte seed, kept encrypted, and its accounts derived from it. */
export async function insertWallet(ctx: CustodyContext, q: Queryable, organizationId: string, wallet: z.output<typeof walletParamsSchema>): Promise<{ walletId: string; addresses: string[] }> {
  const walletId = randomUUID();
  const seed = new Uint8Array(randomBytes(32));
  await q.query('INSERT INTO custody_wallets (id, organization_id, name, encrypted_seed, created_at) VALUES ($1, $2, $3, $4, $5)', [
    walletId,
    organizationId,
    wallet.walletName,
    sealAtRest(ctx.secrets.masterKey, seed, `wallet:${walletId}`),
    ctx.now().toISOString(),
  ]);
  const addresses = await insertAccounts(ctx, q, organizationId, walletId, seed, wallet.accounts);
  return { walletId, addresses };
}
