import { CustodyError } from './CustodyError.js';

/**
 * The policies the emulator evaluates: consensus policies (`EFFECT_ALLOW`, `consensus` `approvers.count() >= N`), held
 * to the activities their `condition` names. A condition is `true` (every activity a consensus can hold) or terms
 * `activity.type == '{type}'` joined by `||`. A type names its route, whatever its version: a policy on
 * `ACTIVITY_TYPE_EXPORT_WALLET` holds `ACTIVITY_TYPE_EXPORT_WALLET_V2` as well, since the route accepts either.
 * Anything else is refused when the policy is made (3), never stored to hold nothing.
 */
export const policyMessages = {
  condition: "invalid condition: the emulator evaluates `true` or terms activity.type == 'ACTIVITY_TYPE_…' joined by ||",
  consensus: 'invalid consensus: the emulator evaluates approvers.count() >= N',
  deny: 'invalid effect: the emulator evaluates consensus policies only; EFFECT_DENY would be stored and hold nothing',
} as const;

/** `ACTIVITY_TYPE_EXPORT_WALLET_V2` → `ACTIVITY_TYPE_EXPORT_WALLET`: the route a type is submitted to. */
export const routeOfType = (type: string): string => type.replace(/_V\d+$/, '');

const TERM = /^\(?\s*activity\.type\s*==\s*'(ACTIVITY_TYPE_[A-Z0-9_]+)'\s*\)?$/;

/** The routes a condition holds, `'all'` for none or `true`; `undefined` when it is not one the emulator evaluates. */
export function conditionRoutes(condition: string | null | undefined): Set<string> | 'all' | undefined {
  const text = condition?.trim() ?? '';
  if (text === '' || text === 'true') return 'all';
  const routes = new Set<string>();
  for (const term of text.split('||')) {
    const match = TERM.exec(term.trim());
    if (!match) return undefined;
    routes.add(routeOfType(match[1]!));
  }
  return routes;
}

/** `approvers.count() >= N` → N; `undefined` for anything else. */
export function consensusApprovers(consensus: string | null | undefined): number | undefined {
  const match = /^\s*approvers\.count\(\)\s*>=\s*(\d{1,3})\s*$/.exec(consensus ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A policy being made: refused (3) unless the emulator evaluates it as written. */
export function assertEvaluablePolicy(policy: { effect: string; condition?: string | undefined; consensus?: string | undefined }): void {
  if (policy.effect === 'EFFECT_DENY') throw new CustodyError(3, policyMessages.deny);
  if (policy.condition !== undefined && conditionRoutes(policy.condition) === undefined) throw new CustodyError(3, policyMessages.condition);
  if (policy.consensus !== undefined && policy.consensus.trim() !== '' && consensusApprovers(policy.consensus) === undefined) throw new CustodyError(3, policyMessages.consensus);
}

/**
 * Does a stored consensus policy hold an activity of `type`? Two approvers or more; a condition stored before conditions
 * were checked that the emulator cannot read holds everything (closed, not open).
 */
export function policyHolds(policy: { condition: string | null; consensus: string | null }, type: string): boolean {
  const approvers = consensusApprovers(policy.consensus);
  if (approvers === undefined || approvers < 2) return false;
  const routes = conditionRoutes(policy.condition);
  return routes === undefined || routes === 'all' || routes.has(routeOfType(type));
}
