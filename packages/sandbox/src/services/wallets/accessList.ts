import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';

/** SPEC §6/§8 access denials, worded as the spec gives them. */
export const accessMessages = {
  notApproved: 'This address is not approved for access',
  blocked: 'This address is blocked by the gate',
} as const;

export type AccessAction = 'allow' | 'block';

/** Adds (or changes) an access-list entry for `address` (sandbox admin). */
export async function setAccessListEntry(ctx: SandboxContext, address: string, action: AccessAction): Promise<void> {
  await ctx.db.query(
    `INSERT INTO access_list_entries (environment_id, address, action, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (environment_id, address) DO UPDATE SET action = EXCLUDED.action`,
    [ctx.environmentId, address, action, ctx.now().toISOString()],
  );
}

export async function clearAccessList(ctx: SandboxContext): Promise<void> {
  await ctx.db.query('DELETE FROM access_list_entries WHERE environment_id = $1', [ctx.environmentId]);
}

/**
 * A blocked address is refused; when the list has any allow entry, only allowed addresses pass.
 * Both answers are 403 `forbidden` with SPEC §8's wording.
 */
export async function assertAddressAllowed(ctx: SandboxContext, q: Queryable, address: string): Promise<void> {
  const rows = await q.query<{ address: string; action: AccessAction }>('SELECT address, action FROM access_list_entries WHERE environment_id = $1', [ctx.environmentId]);
  const own = rows.find((row) => row.address === address);
  if (own?.action === 'block') throw new ApiError(403, 'forbidden', accessMessages.blocked, 'publicWalletAddress');
  if (rows.some((row) => row.action === 'allow') && own?.action !== 'allow') throw new ApiError(403, 'forbidden', accessMessages.notApproved, 'publicWalletAddress');
}
