import type { Queryable } from '../db/database.js';

/** Rows of the custody tables (migration 10) and the reads that more than one handler needs. */

export interface OrganizationRow {
  id: string;
  environment_id: string;
  parent_id: string | null;
  name: string;
  created_at: Date;
}

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  user_id: string;
  name: string;
  public_key: string;
  created_at: Date;
  expires_at: Date | null;
  use_before: Date | null;
  first_used_at: Date | null;
}

export interface AuthenticatorRow {
  id: string;
  organization_id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: string;
  rp_id: string;
  counter: string | number;
  created_at: Date;
}

export interface WalletRow {
  id: string;
  organization_id: string;
  name: string;
  encrypted_seed: string;
  exported: boolean;
  created_at: Date;
}

export interface WalletAccountRow {
  id: string;
  organization_id: string;
  wallet_id: string;
  curve: string;
  path_format: string;
  path: string;
  address_format: string;
  address: string;
  public_key: string;
  encrypted_private_key: string;
  created_at: Date;
}

export interface UserRow {
  id: string;
  organization_id: string;
  user_name: string;
  user_email: string | null;
  created_at: Date;
}

export interface ActivityRow {
  id: string;
  organization_id: string;
  type: string;
  status: string;
  intent: Record<string, unknown>;
  result: Record<string, unknown> | null;
  failure: Record<string, unknown> | null;
  fingerprint: string;
  created_at: Date;
}

export async function findOrganization(q: Queryable, environmentId: string, id: string): Promise<OrganizationRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await q.query<OrganizationRow>('SELECT * FROM custody_organizations WHERE environment_id = $1 AND id = $2', [environmentId, id]);
  return rows[0];
}

export async function apiKeysByPublicKey(q: Queryable, environmentId: string, publicKey: string): Promise<ApiKeyRow[]> {
  return q.query<ApiKeyRow>(
    `SELECT k.* FROM custody_api_keys k JOIN custody_organizations o ON o.id = k.organization_id
     WHERE o.environment_id = $1 AND k.public_key = $2 ORDER BY k.created_at DESC`,
    [environmentId, publicKey],
  );
}

export async function authenticatorsByCredentialId(q: Queryable, environmentId: string, credentialId: string): Promise<AuthenticatorRow[]> {
  return q.query<AuthenticatorRow>(
    `SELECT a.* FROM custody_authenticators a JOIN custody_organizations o ON o.id = a.organization_id
     WHERE o.environment_id = $1 AND a.credential_id = $2`,
    [environmentId, credentialId],
  );
}

export async function usersOf(q: Queryable, organizationId: string): Promise<UserRow[]> {
  return q.query<UserRow>('SELECT * FROM custody_users WHERE organization_id = $1 ORDER BY created_at, id', [organizationId]);
}

export async function walletsOf(q: Queryable, organizationId: string): Promise<WalletRow[]> {
  return q.query<WalletRow>('SELECT * FROM custody_wallets WHERE organization_id = $1 ORDER BY created_at, id', [organizationId]);
}

export async function accountsOf(q: Queryable, organizationId: string, walletId?: string): Promise<WalletAccountRow[]> {
  return walletId === undefined
    ? q.query<WalletAccountRow>('SELECT * FROM custody_wallet_accounts WHERE organization_id = $1 ORDER BY created_at, id', [organizationId])
    : q.query<WalletAccountRow>('SELECT * FROM custody_wallet_accounts WHERE organization_id = $1 AND wallet_id = $2 ORDER BY created_at, id', [organizationId, walletId]);
}

/** The account `signWith` names: its address, its id, or its public key (hex). */
export async function findAccount(q: Queryable, organizationId: string, signWith: string): Promise<WalletAccountRow | undefined> {
  const rows = await q.query<WalletAccountRow>(
    `SELECT * FROM custody_wallet_accounts WHERE organization_id = $1 AND (address = $2 OR id::text = $2 OR public_key = lower($2))`,
    [organizationId, signWith],
  );
  return rows[0];
}

/** `{ seconds, nanos }` as the custody API writes times. */
export function custodyTime(date: Date): { seconds: string; nanos: string } {
  const ms = date.getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

export function toWireActivity(row: ActivityRow) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    status: row.status,
    type: row.type,
    intent: row.intent,
    result: row.result ?? {},
    ...(row.failure ? { failure: row.failure } : {}),
    votes: [],
    fingerprint: row.fingerprint,
    canApprove: false,
    canReject: false,
    createdAt: custodyTime(row.created_at),
    updatedAt: custodyTime(row.created_at),
  };
}
