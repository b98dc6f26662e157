import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** Sandbox-only custody operations (tests and the e2e harness; the kit never calls them). */

/** A new top-level organisation whose one root user holds `publicKey` (compressed P-256 hex). */
export async function createRootOrganization(q: Queryable, environmentId: string, now: Date, input: { publicKey: string; name?: string | undefined }): Promise<{ organizationId: string; userId: string }> {
  const organizationId = randomUUID();
  const userId = randomUUID();
  const at = now.toISOString();
  await q.query('INSERT INTO custody_organizations (id, environment_id, parent_id, name, created_at) VALUES ($1, $2, NULL, $3, $4)', [organizationId, environmentId, input.name ?? 'Test organization', at]);
  await q.query('INSERT INTO custody_users (id, organization_id, user_name, user_email, created_at) VALUES ($1, $2, $3, NULL, $4)', [userId, organizationId, 'Root user', at]);
  await q.query('INSERT INTO custody_api_keys (id, organization_id, user_id, name, public_key, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [randomUUID(), organizationId, userId, 'root', input.publicKey.toLowerCase(), at]);
  return { organizationId, userId };
}

/** Makes every API key with `publicKey` expire now; the number of keys changed. */
export async function expireApiKey(q: Queryable, environmentId: string, now: Date, publicKey: string): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `UPDATE custody_api_keys k SET expires_at = $3 FROM custody_organizations o
     WHERE o.id = k.organization_id AND o.environment_id = $1 AND k.public_key = $2 RETURNING k.id`,
    [environmentId, publicKey.toLowerCase(), now.toISOString()],
  );
  return rows.length;
}
