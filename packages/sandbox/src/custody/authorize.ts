import type { Queryable } from '../db/database.js';
import type { CustodyContext, Principal } from './CustodyContext.js';
import { CustodyError, custodyMessages } from './CustodyError.js';
import { apiKeysByPublicKey, authenticatorsByCredentialId, findOrganization, type ApiKeyRow, type AuthenticatorRow } from './custodyStore.js';
import { verifyWebAuthnStamp, type Stamp } from './stamp.js';

/** Relation of a key registered to `keyOrganizationId` with `target`: the same, its parent, or none. */
function relationTo(keyOrganizationId: string, target: { id: string; parent_id: string | null }): Principal['relation'] | undefined {
  if (keyOrganizationId === target.id) return 'member';
  if (keyOrganizationId === target.parent_id) return 'parent';
  return undefined;
}

function pick<Row extends { organization_id: string }>(rows: readonly Row[], target: { id: string; parent_id: string | null }) {
  const member = rows.find((row) => relationTo(row.organization_id, target) === 'member');
  const row = member ?? rows.find((candidate) => relationTo(candidate.organization_id, target) === 'parent');
  return row ? { row, relation: relationTo(row.organization_id, target)! } : undefined;
}

async function userName(q: Queryable, userId: string): Promise<string> {
  const rows = await q.query<{ user_name: string }>('SELECT user_name FROM custody_users WHERE id = $1', [userId]);
  return rows[0]?.user_name ?? '';
}

/**
 * Who the (already parsed) stamp speaks for, against the organisation the body names. Refusals:
 * unknown key or authenticator, expired key, a recovery key first used too late (16); a key of
 * another organisation (7); an unknown organisation (5). Records first use and the counter.
 */
export async function authorize(ctx: CustodyContext, q: Queryable, stamp: Stamp, organizationId: string, body: Uint8Array): Promise<Principal> {
  const now = ctx.now();
  if (stamp.kind === 'apiKey') {
    const keys = await apiKeysByPublicKey(q, ctx.environmentId, stamp.publicKey);
    if (keys.length === 0) throw new CustodyError(16, custodyMessages.unknownPublicKey);
    const target = await findOrganization(q, ctx.environmentId, organizationId);
    if (!target) throw new CustodyError(5, `organization ${organizationId} not found`);
    const found = pick<ApiKeyRow>(keys, target);
    if (!found) throw new CustodyError(7, custodyMessages.otherOrganization);
    const key = found.row;
    if (key.expires_at && key.expires_at.getTime() <= now.getTime()) throw new CustodyError(16, custodyMessages.expiredApiKey);
    if (key.use_before && !key.first_used_at) {
      if (key.use_before.getTime() < now.getTime()) throw new CustodyError(16, custodyMessages.codeExpired);
      await q.query('UPDATE custody_api_keys SET first_used_at = $2 WHERE id = $1', [key.id, now.toISOString()]);
    }
    return { organizationId, relation: found.relation, userId: key.user_id, userName: await userName(q, key.user_id), via: { kind: 'apiKey', apiKeyId: key.id } };
  }
  const authenticators = await authenticatorsByCredentialId(q, ctx.environmentId, stamp.credentialId);
  if (authenticators.length === 0) throw new CustodyError(16, custodyMessages.unknownAuthenticator);
  const target = await findOrganization(q, ctx.environmentId, organizationId);
  if (!target) throw new CustodyError(5, `organization ${organizationId} not found`);
  const found = pick<AuthenticatorRow>(authenticators, target);
  if (!found) throw new CustodyError(7, custodyMessages.otherOrganization);
  const authenticator = found.row;
  const counter = await verifyWebAuthnStamp(stamp.assertion, body, {
    credentialId: authenticator.credential_id,
    publicKey: authenticator.public_key,
    counter: Number(authenticator.counter),
    rpId: authenticator.rp_id,
  });
  // Never backwards: two assertions checked at once each move it on to their own count (a plain write could lower it).
  await q.query('UPDATE custody_authenticators SET counter = greatest(counter, $2) WHERE id = $1', [authenticator.id, counter]);
  return {
    organizationId,
    relation: found.relation,
    userId: authenticator.user_id,
    userName: await userName(q, authenticator.user_id),
    via: { kind: 'webauthn', authenticatorId: authenticator.id },
  };
}
