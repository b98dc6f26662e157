import type { SandboxContext } from '../../context.js';
import { CustodyError } from '../../custody/CustodyError.js';

/** The custody user (of an embedded wallet's sub-organization) whose API keys are a user's session keys. */
export interface CustodyUser {
  readonly sub_organization_id: string;
  readonly custody_user_id: string;
}

/** A record of `session_custody_keys` (migration 118), with whether its session is still live. */
interface KeyRecord extends CustodyUser {
  readonly id: string;
  readonly session_id: string;
  readonly public_key: string | null;
  readonly api_key_id: string | null;
  readonly live: boolean;
}

interface CustodyKey {
  readonly apiKeyId: string;
  readonly publicKey: string;
}

/**
 * Which of a user's custody keys to delete:
 * - `{ session }`: the keys recorded for that session;
 * - `'ended'`: the keys recorded for any session that has ended (revoked, expired, or swept);
 * - `'notLive'`: every key except those recorded only for live sessions — recorded for an ended one, or not recorded
 *   at all (a key from before the records, or one a client added at custody with its own key);
 * - `'all'`: every key of the user's custody users.
 */
export type SessionKeyScope = { readonly session: string } | 'ended' | 'notLive' | 'all';

/** Deleting what custody lists can race another deletion (the kit deleting its own key): read again this many times. */
const ATTEMPTS = 3;

const sameUser = (a: CustodyUser, b: CustodyUser) => a.sub_organization_id === b.sub_organization_id && a.custody_user_id === b.custody_user_id;
const recordsKey = (record: KeyRecord, key: CustodyKey) => (record.api_key_id !== null && record.api_key_id === key.apiKeyId) || (record.public_key !== null && record.public_key === key.publicKey);

function chosenBy(scope: SessionKeyScope, records: readonly KeyRecord[]): boolean {
  if (scope === 'all') return true;
  if (scope === 'notLive') return records.length === 0 || records.some((record) => !record.live);
  if (scope === 'ended') return records.some((record) => !record.live);
  return records.some((record) => record.session_id === scope.session);
}

/** The API keys custody lists for the user (none when custody no longer has the user or its organisation). */
async function listKeys(ctx: SandboxContext, target: CustodyUser): Promise<CustodyKey[]> {
  try {
    const { user } = await ctx.custody.client.query('get_user', { organizationId: target.sub_organization_id, userId: target.custody_user_id });
    return (user.apiKeys as { apiKeyId: string; credential: { publicKey: string } }[]).map((key) => ({ apiKeyId: key.apiKeyId, publicKey: key.credential.publicKey.toLowerCase() }));
  } catch (error) {
    if (error instanceof CustodyError && error.code === 5) return [];
    throw error;
  }
}

/**
 * Deletes, with the product API's (parent) key, the API keys of `target` that `choose` picks — custody lets the parent
 * delete any key of a sub-organization's user, passkey-protected or not (taking access away is no escalation), while
 * it may not add one to a passkey-protected user. Answers the keys custody still has afterwards. A key deleted by
 * someone else meanwhile (custody's 5) is read again, at most `ATTEMPTS` times; any other refusal is thrown.
 */
export async function deleteCustodyKeys(ctx: SandboxContext, target: CustodyUser, choose: (key: CustodyKey) => boolean): Promise<CustodyKey[]> {
  for (let attempt = 1; ; attempt++) {
    const keys = await listKeys(ctx, target);
    const chosen = keys.filter(choose);
    if (chosen.length === 0) return keys;
    try {
      await ctx.custody.client.submit('delete_api_keys', 'ACTIVITY_TYPE_DELETE_API_KEYS', target.sub_organization_id, {
        userId: target.custody_user_id,
        apiKeyIds: chosen.map((key) => key.apiKeyId),
      });
      return keys.filter((key) => !chosen.includes(key));
    } catch (error) {
      if (!(error instanceof CustodyError && error.code === 5) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Deletes at custody the session keys of `userId` that `scope` names, in each custody user of the user's embedded
 * wallets and of the records (or only in `custodyUsers`, when given: the user's rows may be gone), then forgets the
 * records of ended sessions whose keys custody no longer has. A record of a live session stays even when its key is
 * not (yet) at custody: it is written before custody creates the key. Answers the custody users it went through.
 * Throws what custody or the network answered; records of keys not deleted stay for the next attempt.
 */
export async function deleteSessionKeys(ctx: SandboxContext, userId: string, scope: SessionKeyScope, custodyUsers?: readonly CustodyUser[]): Promise<CustodyUser[]> {
  const [records, wallets] = await Promise.all([
    ctx.db.query<KeyRecord>(
      `SELECT k.id, k.session_id, k.sub_organization_id, k.custody_user_id, k.public_key, k.api_key_id,
         coalesce(s.revoked_at IS NULL AND s.expires_at > $3, false) AS live
       FROM session_custody_keys k LEFT JOIN sessions s ON s.id = k.session_id
       WHERE k.environment_id = $1 AND k.user_id = $2`,
      [ctx.environmentId, userId, ctx.now().toISOString()],
    ),
    custodyUsers ? [] : ctx.db.query<CustodyUser>('SELECT sub_organization_id, custody_user_id FROM embedded_wallets WHERE environment_id = $1 AND user_id = $2', [ctx.environmentId, userId]),
  ]);
  const targets: CustodyUser[] = [];
  for (const candidate of custodyUsers ?? [...wallets, ...records]) {
    if (!targets.some((target) => sameUser(target, candidate))) targets.push({ sub_organization_id: candidate.sub_organization_id, custody_user_id: candidate.custody_user_id });
  }
  for (const target of targets) {
    const own = records.filter((record) => sameUser(record, target));
    // Only the records can name a key for these scopes: without one, custody need not be asked.
    if ((scope === 'ended' || typeof scope === 'object') && !chosenBy(scope, own)) continue;
    const remaining = await deleteCustodyKeys(ctx, target, (key) => chosenBy(scope, own.filter((record) => recordsKey(record, key))));
    const forgotten = own.filter((record) => !record.live && !remaining.some((key) => recordsKey(record, key))).map((record) => record.id);
    if (forgotten.length > 0) await ctx.db.query('DELETE FROM session_custody_keys WHERE id = ANY($1::uuid[])', [forgotten]);
  }
  return targets;
}
