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

/**
 * Adds (or changes) an access-list entry for `address` (sandbox admin). Answers whether the change may take access
 * from someone: a block entry does, and so does the list's first allow entry (only the allowed pass from then on);
 * another allow entry only lets more in.
 */
export async function setAccessListEntry(ctx: SandboxContext, address: string, action: AccessAction): Promise<{ narrowed: boolean }> {
  const [row] = await ctx.db.query<{ had_allow: boolean }>(
    `WITH before AS (SELECT EXISTS (SELECT 1 FROM access_list_entries WHERE environment_id = $1 AND action = 'allow') AS had_allow),
     entry AS (
       INSERT INTO access_list_entries (environment_id, address, action, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (environment_id, address) DO UPDATE SET action = EXCLUDED.action
     )
     SELECT had_allow FROM before`,
    [ctx.environmentId, normalizeAccessEntry(address), action, ctx.now().toISOString()],
  );
  return { narrowed: action === 'block' || row?.had_allow !== true };
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

/** What a check needs of the list: whether it allows anyone (then only the allowed pass), and the entries at hand. */
interface AccessRead {
  has_allow: boolean;
  has_block: boolean;
  /** The entries naming the identities asked about. */
  own: AccessEntry[];
}

/**
 * One statement, whatever the list's length: whether it has an allow and a block entry (index probes) and the entries
 * naming `keys` (primary-key lookups). A list can be long (a token-gated launch allows tens of thousands of
 * addresses), and it is consulted on every sign-in and every request made with a session.
 */
async function readAccess(q: Queryable, environmentId: string, keys: readonly string[]): Promise<AccessRead> {
  const [row] = await q.query<AccessRead>(
    `SELECT EXISTS (SELECT 1 FROM access_list_entries WHERE environment_id = $1 AND action = 'allow') AS has_allow,
            EXISTS (SELECT 1 FROM access_list_entries WHERE environment_id = $1 AND action = 'block') AS has_block,
            coalesce((SELECT json_agg(json_build_object('address', address, 'action', action))
                      FROM access_list_entries WHERE environment_id = $1 AND address = ANY($2::text[])), '[]'::json) AS own`,
    [environmentId, keys],
  );
  return row ?? { has_allow: false, has_block: false, own: [] };
}

const keysOfAll = (identifiers: readonly string[]) => [...new Set(identifiers.flatMap(keysOf))];

/**
 * The gate as read once (say at the start of a sign-in, beside its other first statements): whether the list has any
 * entry. While it has none, as it usually has, no check needs a query of its own; otherwise each check reads the
 * entries naming its identities.
 */
export interface AccessGate {
  /** Whether the list has any entry (without one, every check passes at once). */
  readonly listed: boolean;
  /** `assertAccessAllowed` through `q`. */
  allow(q: Queryable, identifiers: readonly string[], path?: string): Promise<void>;
  /** `assertUserIdentities` for the user through `q` (the user's identities are read only when the list has entries). */
  assertUser(q: Queryable, userId: string, record?: UserRecord): Promise<void>;
  /** `assertUser`'s 403 `user_without_access` as an answer: the refusal when the list does not let the user in, undefined while it does. */
  userRefusal(q: Queryable, userId: string): Promise<ApiError | undefined>;
}

/**
 * The gate for every way in (wallet address, e-mail address or domain, phone number, a social account's e-mails):
 * an identity with a block entry is refused (403 `address_blocked_by_gate`); when the list has any allow entry, only
 * identities with one pass (403 `address_not_approved`). A block beats an allow. `path` names the request field.
 */
function allowIdentities(read: AccessRead, path?: string): void {
  if (read.own.some((row) => row.action === 'block')) throw new ApiError(403, 'address_blocked_by_gate', accessMessages.blocked, path);
  if (read.has_allow && !read.own.some((row) => row.action === 'allow')) throw new ApiError(403, 'address_not_approved', accessMessages.notApproved, path);
}

/** Every identity a user holds, as the list may name it: e-mail addresses, phone numbers, wallet addresses, social accounts and their e-mails. */
function identitiesOf(record: UserRecord | undefined): string[] {
  return (record?.credentials ?? []).flatMap((credential) => {
    if (credential.oauth) return [credential.identifier, ...credential.oauth.emails];
    if (credential.format === 'passkey') return [];
    // A wallet's credential is `CHAIN:address`; the list names the address.
    if (credential.format === 'blockchain') return [credential.identifier.slice(credential.identifier.indexOf(':') + 1), ...(credential.wallet ? [credential.wallet.address] : [])];
    return [credential.identifier];
  });
}

/**
 * The gate for the *user* behind a way in (SPEC §6 'User does not have access'): every identity the user holds is
 * checked against the list. One blocked identity, or an allow list that names none of them, is 403
 * `user_without_access`. It is what refuses a way in that names no address (a passkey), and a session whose user lost
 * access after signing in (`endSessionsWithoutAccess`); the identity signing in is refused first with its own address
 * sentence.
 */
function assertUserIdentities(read: AccessRead): void {
  const blocked = read.own.some((row) => row.action === 'block');
  const notAllowed = read.has_allow && !read.own.some((row) => row.action === 'allow');
  if (blocked || notAllowed) throw new ApiError(403, 'user_without_access', accessMessages.noAccess);
}

/**
 * `AccessGate.allow` inside a statement of the caller's own: `cte` reads the verdict for `identifiers` (as `gate`),
 * `allowed` is an SQL boolean over it, `columns` carry it out, and `refusal(row)` is what `allow` would have thrown.
 * Like `readAccess`, it probes the list by its keys, whatever its length.
 */
export function accessGateParts(identifiers: readonly string[], param: (value: unknown) => string, environmentId: string) {
  const keys = param(keysOfAll(identifiers));
  const environment = param(environmentId);
  const entry = (condition: string) => `EXISTS (SELECT 1 FROM access_list_entries WHERE environment_id = ${environment} AND ${condition})`;
  return {
    cte: `gate AS (
       SELECT ${entry(`action = 'block' AND address = ANY(${keys}::text[])`)} AS blocked,
              ${entry(`action = 'allow'`)} AS allow_listed,
              ${entry(`action = 'allow' AND address = ANY(${keys}::text[])`)} AS allowed
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

/** Reads whether the list has entries, for the checks of `AccessGate`. */
export async function loadAccessGate(ctx: SandboxContext, q: Queryable): Promise<AccessGate> {
  const { has_allow, has_block } = await readAccess(q, ctx.environmentId, []);
  const listed = has_allow || has_block;
  const gate: AccessGate = {
    listed,
    async allow(checkQ, identifiers, path) {
      if (listed) allowIdentities(await readAccess(checkQ, ctx.environmentId, keysOfAll(identifiers)), path);
    },
    async assertUser(userQ, userId, record) {
      if (!listed) return;
      const identities = identitiesOf(record ?? (await loadUser(userQ, ctx.environmentId, userId)));
      assertUserIdentities(await readAccess(userQ, ctx.environmentId, keysOfAll(identities)));
    },
    async userRefusal(userQ, userId) {
      try {
        await gate.assertUser(userQ, userId);
        return undefined;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'user_without_access') return error;
        throw error;
      }
    },
  };
  return gate;
}

/** The gate for a way in (`AccessGate.allow`), in one statement. */
export async function assertAccessAllowed(ctx: SandboxContext, q: Queryable, identifiers: readonly string[], path?: string): Promise<void> {
  allowIdentities(await readAccess(q, ctx.environmentId, keysOfAll(identifiers)), path);
}

/** The wallet sign-in's gate (SPEC §6): `assertAccessAllowed` on the wallet address. */
export function assertAddressAllowed(ctx: SandboxContext, q: Queryable, address: string): Promise<void> {
  return assertAccessAllowed(ctx, q, [address], 'publicWalletAddress');
}
