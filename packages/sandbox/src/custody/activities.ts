import type { Queryable } from '../db/database.js';
import { organizationActivities } from './organizationActivities.js';
import { policyHolds } from './policyCondition.js';
import { recoveryActivities } from './recoveryActivities.js';
import { signingActivities } from './signingActivities.js';
import type { SubmitHandler } from './SubmitHandler.js';

/**
 * The submit routes of the emulator (`/public/v1/submit/{name}`), by name: what each accepts, who may submit it,
 * whether a consensus policy can hold it, and what it does (see `SubmitHandler`).
 */
export const submitHandlers: Readonly<Record<string, SubmitHandler>> = { ...organizationActivities, ...signingActivities, ...recoveryActivities };

/** Does a consensus policy of the organisation hold an activity of `type` (any version of its route: `policyHolds`)? */
export async function needsConsensus(q: Queryable, organizationId: string, type: string): Promise<boolean> {
  const policies = await q.query<{ condition: string | null; consensus: string | null }>(
    "SELECT condition, consensus FROM custody_policies WHERE organization_id = $1 AND effect = 'EFFECT_ALLOW' AND consensus IS NOT NULL",
    [organizationId],
  );
  return policies.some((policy) => policyHolds(policy, type));
}
