import { randomUUID } from 'node:crypto';
import {
  PASSKEY_ALGORITHM,
  PASSKEY_TIMEOUT_MS,
  type AuthenticationCredential,
  type PasskeyAuthenticationOptions,
  type PasskeyRecord,
  type PasskeyRegistered,
  type PasskeyRegistrationOptions,
  type ProjectSettings,
  type RegistrationCredential,
  type SignInResponse,
} from '@latchkey/protocol';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { SandboxContext } from '../../context.js';
import { isUniqueViolation, type Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { acceptedOrigin } from '../../webauthn/acceptedOrigin.js';
import { completePrimarySignIn } from '../mfa/mfa.js';
import { insertCredential, loadUser, markSignIn, toWireUser } from '../users/userRepository.js';
import { storeOneTimeState } from '../retention/sweepExpired.js';
import { assertRecentSecondFactor } from '../mfa/stepUp.js';
import { hasAnotherWayIn, unlinkMessages } from '../users/unlinkCredential.js';
import { lockUsers } from '../users/userLocks.js';

/**
 * The algorithms passkeys may use, in order of preference: ES256 (SPEC §9's -7), then RS256 (-257), which some
 * platform authenticators (Windows Hello) and security keys sign with only — browsers warn when it is missing.
 */
const PASSKEY_ALGORITHMS = [PASSKEY_ALGORITHM, -257];

export type ChallengePurpose = 'register' | 'signin' | 'mfa-register' | 'mfa-auth';

interface PasskeyRow {
  id: string;
  user_id: string;
  verified_credential_id: string | null;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  alias: string | null;
  user_agent: string | null;
  origin: string;
  storage: 'platform' | 'cross-platform' | null;
  created_at: Date;
  updated_at: Date | null;
}

const PASSKEY_COLUMNS =
  'id, user_id, verified_credential_id, credential_id, public_key, counter, transports, alias, user_agent, origin, storage, created_at, updated_at';

export const passkeyMessages = {
  disabled: 'Passkeys are not enabled for this environment.',
  noDomain: 'No allowed domain is configured for passkeys.',
  badChallenge: 'The passkey challenge is unknown, expired or already used.',
  notVerified: 'The passkey could not be verified.',
  unknownPasskey: 'This passkey is not registered.',
  duplicate: 'This passkey is already registered.',
  notFound: 'Passkey not found.',
  badOrigin: 'The passkey was created for another origin.',
  idMismatch: 'The credential id is not the one the authenticator attested.',
} as const;

/** The relying party of the project: its first allowed domain (SPEC §5), named after the app. */
export function relyingParty(settings: ProjectSettings): { id: string; name: string } {
  if (!settings.security.enablePasskeys) throw new ApiError(400, 'provider_not_available', passkeyMessages.disabled);
  const id = settings.security.allowedDomains?.[0];
  if (!id) throw new ApiError(400, 'provider_not_available', passkeyMessages.noDomain);
  return { id, name: settings.general.displayName ?? 'Latchkey' };
}

/** `challenge` and `origin` of a credential's clientDataJSON (the challenge row is found by it). */
export function readClientData(clientDataJSON: string): { challenge: string; origin: string } {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    if (typeof data === 'object' && data !== null) {
      const { challenge, origin } = data as Record<string, unknown>;
      if (typeof challenge === 'string' && typeof origin === 'string') return { challenge, origin };
    }
  } catch {
    // fall through
  }
  throw new ApiError(400, 'invalid_verification', passkeyMessages.notVerified, 'credential.response.clientDataJSON');
}

/** Stores a challenge; one for nobody yet (`userId` null: a sign-in's) counts against the client's anonymous-state limit. */
export async function storeChallenge(ctx: SandboxContext, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const now = ctx.now();
  await storeOneTimeState(
    ctx,
    'passkey_challenges',
    (q) =>
      q.query(`INSERT INTO passkey_challenges (challenge, environment_id, purpose, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        challenge,
        ctx.environmentId,
        purpose,
        userId,
        now.toISOString(),
        new Date(now.getTime() + PASSKEY_TIMEOUT_MS).toISOString(),
      ]),
    { anonymous: userId === null },
  );
}

/** Locks a live challenge of `purpose` (and `userId`); 400 `invalid_verification` otherwise. */
export async function lockChallenge(ctx: SandboxContext, tx: Queryable, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
  const rows = await tx.query<{ user_id: string | null; expires_at: Date; used_at: Date | null }>(
    `SELECT user_id, expires_at, used_at FROM passkey_challenges WHERE environment_id = $1 AND challenge = $2 AND purpose = $3 FOR UPDATE`,
    [ctx.environmentId, challenge, purpose],
  );
  const row = rows[0];
  const live = row && !row.used_at && row.expires_at.getTime() > ctx.now().getTime() && row.user_id === userId;
  if (!live) throw new ApiError(400, 'invalid_verification', passkeyMessages.badChallenge, 'credential.response.clientDataJSON');
}

export async function useChallenge(ctx: SandboxContext, tx: Queryable, challenge: string): Promise<void> {
  await tx.query('UPDATE passkey_challenges SET used_at = $3 WHERE environment_id = $1 AND challenge = $2', [
    ctx.environmentId,
    challenge,
    ctx.now().toISOString(),
  ]);
}

function toRecord(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    alias: row.alias,
    userAgent: row.user_agent,
    origin: row.origin,
    credentialId: row.credential_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
    storage: row.storage,
  };
}

async function userPasskeys(ctx: SandboxContext, q: Queryable, userId: string): Promise<PasskeyRow[]> {
  return q.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE environment_id = $1 AND user_id = $2 ORDER BY created_at ASC, id ASC`,
    [ctx.environmentId, userId],
  );
}

function userName(profile: Record<string, unknown>, userId: string): string {
  for (const key of ['email', 'username', 'phoneNumber']) {
    const value = profile[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return userId;
}

/**
 * WebAuthn creation options for `userId` (SPEC §9: 300000 ms, UV preferred, alg -7, no attestation), named after
 * the user, excluding `exclude`; the challenge is stored for `purpose`. Shared by passkeys and passkeys as MFA devices.
 */
export async function creationOptions(
  ctx: SandboxContext,
  rp: { id: string; name: string },
  userId: string,
  options: {
    purpose: ChallengePurpose;
    exclude: readonly { credential_id: string; transports: string[] }[];
    authenticatorSelection: Parameters<typeof generateRegistrationOptions>[0]['authenticatorSelection'];
  },
): Promise<PasskeyRegistrationOptions> {
  const record = await loadUser(ctx.db, ctx.environmentId, userId);
  if (!record) throw new ApiError(401, 'unauthorized', 'The session token is invalid.');
  const name = userName(record.row.profile, userId);
  const generated = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: name,
    userDisplayName: name,
    userID: new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex')),
    timeout: PASSKEY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: options.exclude.map((row) => ({ id: row.credential_id, transports: row.transports as never })),
    authenticatorSelection: options.authenticatorSelection,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  await storeChallenge(ctx, generated.challenge, options.purpose, userId);
  return generated as PasskeyRegistrationOptions;
}

/** GET /users/passkeys/register: creation options for the signed-in user (a discoverable credential), their passkeys excluded. */
export async function passkeyRegistrationOptions(ctx: SandboxContext, auth: Auth): Promise<PasskeyRegistrationOptions> {
  const rp = relyingParty(await ctx.settings.get());
  return creationOptions(ctx, rp, auth.userId, {
    purpose: 'register',
    exclude: await userPasskeys(ctx, ctx.db, auth.userId),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
}

/** What an assertion or attestation was made for: the challenge and origin its client data names, and this relying party. */
interface CeremonyScope {
  challenge: string;
  origin: string;
  rpId: string;
}

/**
 * Verifies a registration (attestation) for this relying party and returns the new credential; 400
 * `invalid_verification` otherwise. Shared by passkey sign-in and passkeys as MFA devices.
 */
export async function verifyPasskeyRegistration(response: RegistrationCredential, scope: CeremonyScope) {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: scope.challenge,
      expectedOrigin: scope.origin,
      expectedRPID: scope.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
  } catch (error) {
    throw new ApiError(400, 'invalid_verification', `${passkeyMessages.notVerified} ${(error as Error).message}`, 'credential');
  }
  if (!verification.verified) throw new ApiError(400, 'invalid_verification', passkeyMessages.notVerified, 'credential');
  // The id the client names is the one the duplicate checks look up: it must be the attested one.
  const credential = verification.registrationInfo.credential;
  if (credential.id !== response.id || response.rawId !== response.id) throw new ApiError(400, 'invalid_verification', passkeyMessages.idMismatch, 'credential.id');
  return credential;
}

/** A unique-key violation on storing a passkey (the same credential registered twice at once) as 409 `duplicate_exists`. */
export function duplicatePasskey(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError(409, 'duplicate_exists', passkeyMessages.duplicate, 'credential.id');
  throw error;
}

/**
 * Verifies an assertion against a stored passkey (its id, base64url public key, counter, transports). Never throws:
 * callers decide whether a failure spends the challenge first; `reason` is the library's explanation.
 */
export async function verifyPasskeyAssertion(
  response: AuthenticationCredential,
  scope: CeremonyScope,
  stored: { credential_id: string; public_key: string; counter: string | number; transports: string[] },
): Promise<{ verified: true; newCounter: number } | { verified: false; reason?: string }> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: scope.challenge,
      expectedOrigin: scope.origin,
      expectedRPID: scope.rpId,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    });
    return verification.verified ? { verified: true, newCounter: verification.authenticationInfo.newCounter } : { verified: false };
  } catch (error) {
    return { verified: false, reason: (error as Error).message };
  }
}

/** POST /users/passkeys/register: verifies the attestation and stores the passkey (and its credential). */
export async function registerPasskey(
  ctx: SandboxContext,
  auth: Auth,
  input: { credential: RegistrationCredential; alias?: string | undefined; userAgent?: string | undefined },
): Promise<PasskeyRegistered> {
  const settings = await ctx.settings.get();
  const rp = relyingParty(settings);
  const { challenge, origin } = readClientData(input.credential.response.clientDataJSON);
  if (!acceptedOrigin(origin, rp.id)) throw new ApiError(400, 'invalid_verification', passkeyMessages.badOrigin, 'credential');
  return ctx.db.transaction(async (tx) => {
    await lockChallenge(ctx, tx, challenge, 'register', auth.userId);
    const taken = await tx.query('SELECT 1 FROM passkeys WHERE environment_id = $1 AND credential_id = $2', [ctx.environmentId, input.credential.id]);
    if (taken.length > 0) throw new ApiError(409, 'duplicate_exists', passkeyMessages.duplicate, 'credential.id');
    const credential = await verifyPasskeyRegistration(input.credential, { challenge, origin, rpId: rp.id });
    const now = ctx.now();
    const verified = await insertCredential(tx, { userId: auth.userId, environmentId: ctx.environmentId, format: 'passkey', identifier: credential.id, now }).catch(duplicatePasskey);
    const rows = await tx.query<PasskeyRow>(
      `INSERT INTO passkeys (id, environment_id, user_id, verified_credential_id, credential_id, public_key, counter, transports, alias, user_agent, origin, storage, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13) RETURNING ${PASSKEY_COLUMNS}`,
      [
        randomUUID(),
        ctx.environmentId,
        auth.userId,
        verified.id,
        credential.id,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        JSON.stringify(input.credential.response.transports ?? credential.transports ?? []),
        input.alias ?? null,
        input.userAgent?.slice(0, 512) ?? null,
        origin,
        input.credential.authenticatorAttachment ?? null,
        now.toISOString(),
      ],
    ).catch(duplicatePasskey);
    await useChallenge(ctx, tx, challenge);
    const record = await loadUser(tx, ctx.environmentId, auth.userId);
    if (!record || !rows[0]) throw new Error('The passkey or its user vanished during registration.');
    return { passkey: toRecord(rows[0]), user: toWireUser(record, settings, { sessionId: auth.session.id }) };
  });
}

/** GET /users/passkeys/signin: request options for a discoverable credential (no allow list). */
export async function passkeySignInOptions(ctx: SandboxContext): Promise<PasskeyAuthenticationOptions> {
  const rp = relyingParty(await ctx.settings.get());
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: PASSKEY_TIMEOUT_MS, userVerification: 'preferred' });
  await storeChallenge(ctx, options.challenge, 'signin', null);
  return options as PasskeyAuthenticationOptions;
}

/** POST /users/passkeys/signin: verifies the assertion, moves the counter on and opens a session. */
export async function signInWithPasskey(ctx: SandboxContext, input: { credential: AuthenticationCredential }): Promise<SignInResponse> {
  const settings = await ctx.settings.get();
  const rp = relyingParty(settings);
  const { challenge, origin } = readClientData(input.credential.response.clientDataJSON);
  if (!acceptedOrigin(origin, rp.id)) throw new ApiError(400, 'invalid_verification', passkeyMessages.badOrigin, 'credential');
  return ctx.db.transaction(async (tx) => {
    await lockChallenge(ctx, tx, challenge, 'signin', null);
    const rows = await tx.query<PasskeyRow>(
      `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE environment_id = $1 AND credential_id = $2 FOR UPDATE`,
      [ctx.environmentId, input.credential.id],
    );
    const row = rows[0];
    if (!row) throw new ApiError(400, 'invalid_verification', passkeyMessages.unknownPasskey, 'credential.id');
    const assertion = await verifyPasskeyAssertion(input.credential, { challenge, origin, rpId: rp.id }, row);
    if (!assertion.verified) throw new ApiError(400, 'invalid_verification', [passkeyMessages.notVerified, assertion.reason].filter(Boolean).join(' '), 'credential');
    const now = ctx.now();
    await tx.query('UPDATE passkeys SET counter = $2 WHERE id = $1', [row.id, assertion.newCounter]);
    await useChallenge(ctx, tx, challenge);
    if (row.verified_credential_id) await markSignIn(tx, row.user_id, row.verified_credential_id, now);
    return completePrimarySignIn(ctx, tx, settings, row.user_id);
  });
}

/** GET /users/passkeys: the signed-in user's passkeys, oldest first. */
export async function listPasskeys(ctx: SandboxContext, auth: Auth): Promise<{ passkeys: PasskeyRecord[]; count: number }> {
  const rows = await userPasskeys(ctx, ctx.db, auth.userId);
  return { passkeys: rows.map(toRecord), count: rows.length };
}

/** PUT /users/passkeys: renames one of the user's passkeys; 404 `not_found` for anyone else's. */
export async function renamePasskey(ctx: SandboxContext, auth: Auth, input: { id: string; alias: string }): Promise<PasskeyRecord> {
  const rows = await ctx.db.query<PasskeyRow>(
    `UPDATE passkeys SET alias = $4, updated_at = $5 WHERE environment_id = $1 AND user_id = $2 AND id::text = $3 RETURNING ${PASSKEY_COLUMNS}`,
    [ctx.environmentId, auth.userId, input.id, input.alias.trim(), ctx.now().toISOString()],
  );
  if (!rows[0]) throw new ApiError(404, 'not_found', passkeyMessages.notFound, 'id');
  return toRecord(rows[0]);
}

/** DELETE /users/passkeys: removes one of the user's passkeys and its verified credential. */
export async function deletePasskey(ctx: SandboxContext, auth: Auth, input: { id: string }): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    // The user's row first, as unlinking does: two removals at once take turns, and the second sees what the first
    // took away (each saw the other's passkey still there, and both went: no way in was left).
    await lockUsers(tx, auth.userId);
    const rows = await tx.query<{ verified_credential_id: string | null }>(
      'DELETE FROM passkeys WHERE environment_id = $1 AND user_id = $2 AND id::text = $3 RETURNING verified_credential_id',
      [ctx.environmentId, auth.userId, input.id],
    );
    if (!rows[0]) throw new ApiError(404, 'not_found', passkeyMessages.notFound, 'id');
    // A way in taken away: with a second factor, one passed recently (step-up) — else the delete rolls back.
    await assertRecentSecondFactor(ctx, tx, auth);
    const credentialId = rows[0].verified_credential_id;
    if (credentialId) {
      // Not the last way in (as for unlinking its credential): the account would have none left.
      const record = await loadUser(tx, ctx.environmentId, auth.userId);
      if (record && !hasAnotherWayIn(record, credentialId)) {
        throw new ApiError(400, 'forbidden_unlink_request', unlinkMessages.lastCredential, 'id');
      }
      await tx.query('DELETE FROM verified_credentials WHERE id = $1', [credentialId]);
    }
  });
  return { ok: true };
}
