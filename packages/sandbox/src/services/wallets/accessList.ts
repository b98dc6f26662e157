import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import { loadUser, type UserRecord } from '../users/userRepository.js';

/** SPEC §6/§8 access denials, worded as the spec gives them. */
export const accessMessages = {
  notApproved: 'This address is not approved for access',
  blocked: 'This address is blocked by the gate',
  noAccess: 'User does not have access',
} as const;

export type AccessAction = 'allow' | 'block';

/**
 * How an entry is written: a wallet address (as is), an e-mail address (lower-cased), an e-mail domain (`@example.com`,
 * lower-cased), or a phone number (E.164, `+` and digits). Entries of every kind share one list.
 */
export function normalizeAccessEntry(address: string): string {
  const trimmed = address.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  if (/^\+[\d\s()-]+$/.test(trimmed)) return `+${trimmed.replace(/\D/g, '')}`;
  return trimmed;
}

/** Adds (or changes) an access-list entry for `address` (sandbox admin). */
export async function setAccessListEntry(ctx: SandboxContext, address: string, action: AccessAction): Promise<void> {
  await ctx.db.query(
    `INSERT INTO access_list_entries (environment_id, address, action, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (environment_id, address) DO UPDATE SET action = EXCLUDED.action`,
    [ctx.environmentId, normalizeAccessEntry(address), action, ctx.now().toISOString()],
  );
}

export async function clearAccessList(ctx: SandboxContext): Promise<void> {
  await ctx.db.query('DELETE FROM access_list_entries WHERE environment_id = $1', [ctx.environmentId]);
}

/** The entries that name an identity: an e-mail address and its `@domain`, or the identifier itself. */
function keysOf(identifier: string): string[] {
  const key = normalizeAccessEntry(identifier);
  const at = key.lastIndexOf('@');
  return at > 0 ? [key, key.slice(at)] : [key];
}

interface AccessEntry {
  address: string;
  action: AccessAction;
}

/**
 * The access list as read once (say at the start of a sign-in, beside its other first statements): the checks
 * against it then need no query of their own — none at all while the list is empty, as it usually is.
 */
export interface AccessGate {
  /** `assertAccessAllowed` against these entries. */
  allow(identifiers: readonly string[], path?: string): void;
  /** `assertUserHasAccess` against these entries (the user's identities are read only when the list has entries). */
  assertUser(q: Queryable, userId: string, record?: UserRecord): Promise<void>;
}

/**
 * The gate for every way in (wallet address, e-mail address or domain, phone number, a social account's e-mails):
 * an identity with a block entry is refused (403 `address_blocked_by_gate`); when the list has any allow entry, only
 * identities with one pass (403 `address_not_approved`). A block beats an allow. `path` names the request field.
 */
function allowIdentities(rows: readonly AccessEntry[], identifiers: readonly string[], path?: string): void {
  if (rows.length === 0) return;
  const keys = new Set(identifiers.flatMap(keysOf));
  const own = rows.filter((row) => keys.has(row.address));
  if (own.some((row) => row.action === 'block')) throw new ApiError(403, 'address_blocked_by_gate', accessMessages.blocked, path);
  if (rows.some((row) => row.action === 'allow') && !own.some((row) => row.action === 'allow')) {
    throw new ApiError(403, 'address_not_approved', accessMessages.notApproved, path);
  }
}

/**
 * The gate for the *user* behind a way in (SPEC §6 'User does not have access'): every identity the user holds —
 * e-mail addresses, phone numbers, wallet addresses, social accounts and their e-mails — is checked against the list.
 * One blocked identity, or an allow list that names none of them, is 403 `user_without_access`. It is what refuses a
 * way in that names no address (a passkey), and a session whose user lost access after signing in (GET /users,
 * POST /refresh); the identity signing in is refused first with its own address sentence.
 */
function assertUserIdentities(rows: readonly AccessEntry[], record: UserRecord | undefined): void {
  const identities = (record?.credentials ?? []).flatMap((credential) => {
    if (credential.oauth) return [credential.identifier, ...credential.oauth.emails];
    if (credential.format === 'passkey') return [];
    // A wallet's credential is `CHAIN:address`; the list names the address.
    if (credential.format === 'blockchain') return [credential.identifier.slice(credential.identifier.indexOf(':') + 1), ...(credential.wallet ? [credential.wallet.address] : [])];
    return [credential.identifier];
  });
  const keys = new Set(identities.flatMap(keysOf));
  const own = rows.filter((row) => keys.has(row.address));
  const blocked = own.some((row) => row.action === 'block');
  const notAllowed = rows.some((row) => row.action === 'allow') && !own.some((row) => row.action === 'allow');
  if (blocked || notAllowed) throw new ApiError(403, 'user_without_access', accessMessages.noAccess);
}

/**
 * `AccessGate.allow` inside a statement of the caller's own: `cte` reads the verdict for `identifiers` (as `gate`),
 * `allowed` is an SQL boolean over it, `columns` carry it out, and `refusal(row)` is what `allow` would have thrown.
 */
export function accessGateParts(identifiers: readonly string[], param: (value: unknown) => string, environmentId: string) {
  const keys = param([...new Set(identifiers.flatMap(keysOf))]);
  return {
    cte: `gate AS (
       SELECT coalesce(bool_or(action = 'block' AND address = ANY(${keys}::text[])), false) AS blocked,
              coalesce(bool_or(action = 'allow'), false) AS allow_listed,
              coalesce(bool_or(action = 'allow' AND address = ANY(${keys}::text[])), false) AS allowed
       FROM access_list_entries WHERE environment_id = ${param(environmentId)}
     )`,
    allowed: '(SELECT NOT blocked AND (NOT allow_listed OR allowed) FROM gate)',
    columns: '(SELECT blocked FROM gate) AS gate_blocked, (SELECT allow_listed AND NOT allowed FROM gate) AS gate_not_approved',
    refusal(row: { gate_blocked: boolean; gate_not_approved: boolean }, path?: string): ApiError | undefined {
      if (row.gate_blocked) return new ApiError(403, 'address_blocked_by_gate', accessMessages.blocked, path);
      if (row.gate_not_approved) return new ApiError(403, 'address_not_approved', accessMessages.notApproved, path);
      return undefined;
    },
  };
}

/** Reads the access list once, for the checks of `AccessGate`. */
export async function loadAccessGate(ctx: SandboxContext, q: Queryable): Promise<AccessGate> {
  const rows = await q.query<AccessEntry>('SELECT address, action FROM access_list_entries WHERE environment_id = $1', [ctx.environmentId]);
  return {
    allow: (identifiers, path) => allowIdentities(rows, identifiers, path),
    async assertUser(userQ, userId, record) {
      if (rows.length === 0) return;
      assertUserIdentities(rows, record ?? (await loadUser(userQ, ctx.environmentId, userId)));
    },
  };
}

/** `AccessGate.allow` on a fresh read of the list. */
export async function assertAccessAllowed(ctx: SandboxContext, q: Queryable, identifiers: readonly string[], path?: string): Promise<void> {
  (await loadAccessGate(ctx, q)).allow(identifiers, path);
}

/** The wallet sign-in's gate (SPEC §6): `assertAccessAllowed` on the wallet address. */
export function assertAddressAllowed(ctx: SandboxContext, q: Queryable, address: string): Promise<void> {
  return assertAccessAllowed(ctx, q, [address], 'publicWalletAddress');
}

/** `AccessGate.assertUser` on a fresh read of the list. */
export async function assertUserHasAccess(ctx: SandboxContext, q: Queryable, userId: string, record?: UserRecord): Promise<void> {
  await (await loadAccessGate(ctx, q)).assertUser(q, userId, record);
}
