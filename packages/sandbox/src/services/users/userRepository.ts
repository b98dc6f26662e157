import { randomUUID } from 'node:crypto';
import { userProfileFields, type ProjectSettings, type User } from '@latchkey/protocol';
import type { Queryable } from '../../db/database.js';
import { embeddedWalletFields, type EmbeddedWalletRow } from '../embedded/embeddedWalletRecord.js';
import { mpcWalletFields } from '../mpc/mpcWallets.js';
import type { MpcBackupRow, MpcWalletRow } from '../mpc/mpcWalletRepository.js';
import { splitE164 } from '../sms/phoneNumber.js';
import { allFields } from '../settings/settingsRules.js';
import { lockIdentity } from './userLocks.js';

/** Profile values as stored: the user update payload's fields, minus `metadata`. */
export type Profile = Record<string, unknown>;

export interface UserRow {
  id: string;
  environment_id: string;
  profile: Profile;
  metadata: Record<string, unknown>;
  first_visit: Date;
  last_visit: Date;
  last_verified_credential_id: string | null;
  /** `pending` once recovery codes were shown, `complete` once the user said they saved them. */
  mfa_backup_code_acknowledgement: 'pending' | 'complete' | null;
}

export interface CredentialRow {
  id: string;
  user_id: string;
  format: string;
  identifier: string;
  created_at: Date;
  last_selected_at: Date | null;
  /** Social accounts only (from `oauth_accounts`, filled by `loadUser`). */
  oauth?: OAuthAccountRow | null;
  /** Embedded wallets only (from `embedded_wallets`, filled by `loadUser`). */
  embedded?: EmbeddedWalletRow | null;
  /** Wallets only (from `wallet_credentials`, filled by `loadUser`). */
  wallet?: WalletCredentialRow | null;
  /** MPC wallets only (from `mpc_wallets` and their backups, filled by `loadUser`). */
  mpc?: { wallet: MpcWalletRow; backups: MpcBackupRow[] } | null;
}

export interface WalletCredentialRow {
  chain: string;
  address: string;
  wallet_name: string;
  wallet_provider: string;
  hardware_wallet: string | null;
}

export interface OAuthAccountRow {
  provider: string;
  account_id: string;
  username: string | null;
  display_name: string | null;
  emails: string[];
}

export interface UserRecord {
  readonly row: UserRow;
  readonly credentials: readonly CredentialRow[];
}

const USER_COLUMNS = 'id, environment_id, profile, metadata, first_visit, last_visit, last_verified_credential_id, mfa_backup_code_acknowledgement';
const CREDENTIAL_COLUMNS = 'id, user_id, format, identifier, created_at, last_selected_at';

export async function findCredential(q: Queryable, environmentId: string, format: string, identifier: string): Promise<CredentialRow | undefined> {
  const rows = await q.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM verified_credentials WHERE environment_id = $1 AND format = $2 AND identifier = $3`,
    [environmentId, format, identifier],
  );
  return rows[0];
}

interface SignInValues {
  environmentId: string;
  format: string;
  now: Date;
}

/**
 * Who signs in with a credential: its identifier and the profile a new owner starts with — given, or as SQL (`from`:
 * a SELECT yielding `identifier` and `profile` in at most one row, built with `param` for its values; no row: nobody
 * signs in), so that a statement sent before the identifier is known can sign in whoever it turns out to be.
 */
export type SignInIdentity = { identifier: string; profile: Profile } | { from: (param: (value: unknown) => string) => string };

/**
 * A primary sign-in with the credential `format`/`identifier`, in one statement: the credential's owner — created
 * (with `profile`) when the credential is new — with the sign-in recorded (last visit, last verified credential, last
 * selected). `newUser` says which. The statement runs under the identity's lock (`lockIdentity`, sent ahead of it; an
 * identity given as SQL must be locked by the caller, as the verification's lock does): of two concurrent first
 * sign-ins with one identifier the second waits for the first, then finds the owner it created. Undefined when an
 * identity given as SQL yields no row.
 */
export async function signInCredentialOwner(
  q: Queryable,
  values: SignInValues,
  identity: { identifier: string; profile: Profile },
): Promise<{ credential: CredentialRow; newUser: boolean }>;
export async function signInCredentialOwner(q: Queryable, values: SignInValues, identity: SignInIdentity): Promise<{ credential: CredentialRow; newUser: boolean } | undefined>;
export async function signInCredentialOwner(
  q: Queryable,
  values: SignInValues,
  identity: SignInIdentity,
): Promise<{ credential: CredentialRow; newUser: boolean } | undefined> {
  // Sent ahead of the statement, in its own: the statement's snapshot is taken once the lock is held.
  const locked = 'from' in identity ? undefined : lockIdentity(q, values.environmentId, values.format, identity.identifier);
  const params: unknown[] = [values.environmentId, values.format, randomUUID(), randomUUID(), values.now.toISOString()];
  const param = (value: unknown) => `$${params.push(value)}`;
  const from = 'from' in identity ? identity.from(param) : `SELECT ${param(identity.identifier)}::text AS identifier, ${param(JSON.stringify(identity.profile))}::jsonb AS profile`;
  const [, rows] = await Promise.all([locked, q.query<CredentialRow & { new_user: boolean }>(
    `WITH identity AS (${from}), found AS (
       SELECT ${CREDENTIAL_COLUMNS} FROM verified_credentials WHERE environment_id = $1 AND format = $2 AND identifier = (SELECT identifier FROM identity)
     ), new_user AS (
       INSERT INTO users (id, environment_id, profile, metadata, first_visit, last_visit, last_verified_credential_id)
       SELECT $3::uuid, $1::text, identity.profile, '{}'::jsonb, $5::timestamptz, $5::timestamptz, $4::uuid FROM identity WHERE NOT EXISTS (SELECT 1 FROM found)
       RETURNING id
     ), new_credential AS (
       INSERT INTO verified_credentials (id, user_id, environment_id, format, identifier, created_at, last_selected_at)
       SELECT $4::uuid, new_user.id, $1::text, $2::text, identity.identifier, $5::timestamptz, $5::timestamptz FROM new_user, identity
       RETURNING ${CREDENTIAL_COLUMNS}
     ), visited AS (
       UPDATE users SET last_visit = $5::timestamptz, last_verified_credential_id = found.id FROM found WHERE users.id = found.user_id
     ), selected AS (
       UPDATE verified_credentials SET last_selected_at = $5::timestamptz FROM found WHERE verified_credentials.id = found.id
     )
     SELECT ${CREDENTIAL_COLUMNS}, false AS new_user FROM found UNION ALL SELECT ${CREDENTIAL_COLUMNS}, true AS new_user FROM new_credential`,
    params,
  )]);
  const row = rows[0];
  if (!row) {
    if ('from' in identity) return undefined;
    throw new Error('Signing in with a credential returned no row.');
  }
  const { new_user: newUser, ...credential } = row;
  return { credential, newUser };
}

export async function insertUser(q: Queryable, environmentId: string, profile: Profile, now: Date): Promise<UserRow> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (id, environment_id, profile, metadata, first_visit, last_visit) VALUES ($1, $2, $3::jsonb, '{}'::jsonb, $4, $4)
     RETURNING ${USER_COLUMNS}`,
    [randomUUID(), environmentId, JSON.stringify(profile), now.toISOString()],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO users returned no row.');
  return row;
}

export async function insertCredential(
  q: Queryable,
  values: { userId: string; environmentId: string; format: string; identifier: string; now: Date },
): Promise<CredentialRow> {
  const [, rows] = await Promise.all([
    lockIdentity(q, values.environmentId, values.format, values.identifier),
    q.query<CredentialRow>(
      `INSERT INTO verified_credentials (id, user_id, environment_id, format, identifier, created_at, last_selected_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${CREDENTIAL_COLUMNS}`,
      [randomUUID(), values.userId, values.environmentId, values.format, values.identifier, values.now.toISOString()],
    ),
  ]);
  const row = rows[0];
  if (!row) throw new Error('INSERT INTO verified_credentials returned no row.');
  return row;
}

type UserCredentialJoinRow = { [K in keyof UserRow as `u_${K}`]: UserRow[K] } & {
  [K in keyof Omit<CredentialRow, 'oauth' | 'embedded' | 'wallet' | 'mpc'>]: CredentialRow[K] | null;
} & {
  oauth_provider: string | null;
  oauth_account_id: string | null;
  oauth_username: string | null;
  oauth_display_name: string | null;
  oauth_emails: string[] | null;
  w_chain: string | null;
  w_address: string | null;
  w_wallet_name: string | null;
  w_wallet_provider: string | null;
  w_hardware_wallet: string | null;
  /** The embedded wallet, the MPC wallet and its backups (oldest first), as jsonb: timestamps as text. */
  embedded: Json<EmbeddedWalletRow> | null;
  mpc: Json<MpcWalletRow> | null;
  mpc_backups: Json<MpcBackupRow>[] | null;
};

/** A row as `to_jsonb` gives it: its dates as text. */
type Json<Row> = { [K in keyof Row]: Row[K] extends Date ? string : Row[K] };

/**
 * One statement for the user and their credentials with what hangs off each (social account, wallet, embedded
 * wallet, MPC wallet and its backups): a row per credential, the user's columns on each (one row with null credential
 * columns for a user without any). It runs on every authenticated request.
 */
const LOAD_USER_SQL = `SELECT ${USER_COLUMNS.split(', ').map((column) => `u.${column} AS u_${column}`).join(', ')},
       ${CREDENTIAL_COLUMNS.split(', ').map((column) => `c.${column}`).join(', ')},
       o.provider AS oauth_provider, o.account_id AS oauth_account_id, o.username AS oauth_username,
       o.display_name AS oauth_display_name, o.emails AS oauth_emails,
       w.chain AS w_chain, w.address AS w_address, w.wallet_name AS w_wallet_name, w.wallet_provider AS w_wallet_provider,
       w.hardware_wallet AS w_hardware_wallet,
       CASE WHEN e.credential_id IS NULL THEN NULL ELSE to_jsonb(e) END AS embedded,
       CASE WHEN m.credential_id IS NULL THEN NULL ELSE to_jsonb(m) END AS mpc,
       CASE WHEN m.credential_id IS NULL THEN NULL ELSE (
         SELECT coalesce(jsonb_agg(b ORDER BY b.created_at, b.id), '[]'::jsonb) FROM mpc_key_share_backups b WHERE b.wallet_id = m.credential_id
       ) END AS mpc_backups
FROM users u LEFT JOIN verified_credentials c ON c.user_id = u.id
LEFT JOIN oauth_accounts o ON o.credential_id = c.id
LEFT JOIN wallet_credentials w ON w.credential_id = c.id
LEFT JOIN embedded_wallets e ON e.credential_id = c.id
LEFT JOIN mpc_wallets m ON m.credential_id = c.id
WHERE u.environment_id = $1 AND u.id = $2 ORDER BY c.created_at ASC, c.id ASC`;

export async function loadUser(q: Queryable, environmentId: string, userId: string): Promise<UserRecord | undefined> {
  const rows = await q.query<UserCredentialJoinRow>(LOAD_USER_SQL, [environmentId, userId]);
  const first = rows[0];
  if (!first) return undefined;
  const row: UserRow = {
    id: first.u_id,
    environment_id: first.u_environment_id,
    profile: first.u_profile,
    metadata: first.u_metadata,
    first_visit: first.u_first_visit,
    last_visit: first.u_last_visit,
    last_verified_credential_id: first.u_last_verified_credential_id,
    mfa_backup_code_acknowledgement: first.u_mfa_backup_code_acknowledgement,
  };
  const credentials = rows.flatMap((joined): CredentialRow[] => {
    const { id, user_id, format, identifier, created_at, last_selected_at } = joined;
    if (id === null || user_id === null || format === null || identifier === null || created_at === null) return [];
    const { oauth_provider, oauth_account_id, oauth_username, oauth_display_name, oauth_emails, w_chain, w_address, w_wallet_name, w_wallet_provider, w_hardware_wallet, embedded, mpc, mpc_backups } = joined;
    return [
      {
        id,
        user_id,
        format,
        identifier,
        created_at,
        last_selected_at,
        oauth: oauth_provider && oauth_account_id
          ? { provider: oauth_provider, account_id: oauth_account_id, username: oauth_username, display_name: oauth_display_name, emails: oauth_emails ?? [] }
          : null,
        wallet: w_chain && w_address
          ? { chain: w_chain, address: w_address, wallet_name: w_wallet_name ?? '', wallet_provider: w_wallet_provider ?? '', hardware_wallet: w_hardware_wallet }
          : null,
        // jsonb gives the rows' timestamps as text.
        embedded: embedded ? { ...embedded, created_at: new Date(embedded.created_at) } : null,
        mpc: mpc
          ? {
              wallet: { ...mpc, created_at: new Date(mpc.created_at), updated_at: new Date(mpc.updated_at) },
              backups: (mpc_backups ?? []).map((backup) => ({ ...backup, created_at: new Date(backup.created_at) })),
            }
          : null,
      },
    ];
  });
  return { row, credentials };
}

/** Records a sign-in with `credentialId`: last visit, last verified credential, last selected. */
export async function markSignIn(q: Queryable, userId: string, credentialId: string, now: Date): Promise<void> {
  // One statement (one round trip) for both rows.
  await q.query(
    `WITH visited AS (UPDATE users SET last_visit = $2, last_verified_credential_id = $3 WHERE id = $1)
     UPDATE verified_credentials SET last_selected_at = $2 WHERE id = $3`,
    [userId, now.toISOString(), credentialId],
  );
}

export async function saveUserData(q: Queryable, userId: string, profile: Profile, metadata: Record<string, unknown>): Promise<void> {
  await q.query('UPDATE users SET profile = $2::jsonb, metadata = $3::jsonb WHERE id = $1', [userId, JSON.stringify(profile), JSON.stringify(metadata)]);
}

const profileKeys = Object.keys(userProfileFields).filter((key) => key !== 'metadata');

/** True when a custom-field value counts as filled in. */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** Value of a kyc/custom field for a user: standard fields live in the profile, custom ones in metadata. */
export function fieldValue(field: { name: string; type: 'standard' | 'custom' }, profile: Profile, metadata: Record<string, unknown>): unknown {
  return field.type === 'standard' ? profile[field.name] : metadata[field.name];
}

function walletFields(wallet: WalletCredentialRow): Partial<User['verifiedCredentials'][number]> {
  return {
    address: wallet.address,
    public_identifier: wallet.address,
    chain: wallet.chain as User['verifiedCredentials'][number]['chain'],
    wallet_name: wallet.wallet_name,
    wallet_provider: wallet.wallet_provider,
    ...(wallet.hardware_wallet === 'ledger' ? { wallet_properties: { hardwareWallet: 'ledger' as const } } : {}),
  };
}

function oauthFields(account: OAuthAccountRow): Partial<User['verifiedCredentials'][number]> {
  return {
    oauth_provider: account.provider,
    oauth_account_id: account.account_id,
    ...(account.username ? { oauth_username: account.username } : {}),
    ...(account.display_name ? { oauth_display_name: account.display_name } : {}),
    oauth_emails: account.emails,
  };
}

/** The user as the wire sees it (SPEC §3). */
export function toWireUser(
  record: UserRecord,
  settings: ProjectSettings,
  extra: { sessionId?: string | undefined; newUser?: boolean | undefined } = {},
): User {
  const { row, credentials } = record;
  const profile: Record<string, unknown> = {};
  for (const key of profileKeys) {
    if (row.profile[key] !== undefined && row.profile[key] !== null) profile[key] = row.profile[key];
  }
  const missingFields = allFields(settings)
    .filter(({ field }) => field.enabled && !hasValue(fieldValue(field, row.profile, row.metadata)))
    .map(({ field }) => ({ name: field.name, required: field.required }));
  return {
    id: row.id,
    projectEnvironmentId: row.environment_id,
    verifiedCredentials: credentials.map((credential) => ({
      id: credential.id,
      format: credential.format as User['verifiedCredentials'][number]['format'],
      public_identifier: credential.identifier,
      ...(credential.format === 'email' ? { email: credential.identifier } : {}),
      ...(credential.format === 'phoneNumber' ? splitE164(credential.identifier) : {}),
      ...(credential.oauth ? oauthFields(credential.oauth) : {}),
      ...(credential.embedded ? embeddedWalletFields(credential.embedded) : {}),
      ...(credential.mpc ? mpcWalletFields(credential.mpc.wallet, credential.mpc.backups) : {}),
      ...(credential.wallet ? walletFields(credential.wallet) : {}),
      lastSelectedAt: credential.last_selected_at ? credential.last_selected_at.toISOString() : null,
      signInEnabled: true,
    })),
    ...(row.last_verified_credential_id ? { lastVerifiedCredentialId: row.last_verified_credential_id } : {}),
    ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
    ...profile,
    metadata: row.metadata,
    firstVisit: row.first_visit.toISOString(),
    lastVisit: row.last_visit.toISOString(),
    newUser: extra.newUser ?? false,
    ...(row.mfa_backup_code_acknowledgement ? { mfaBackupCodeAcknowledgement: row.mfa_backup_code_acknowledgement } : {}),
    missingFields,
  };
}
