import type { FieldAvailability } from '@latchkey/protocol';
import type { SandboxContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../errors/ApiError.js';
import type { Auth } from '../session/authenticate.js';
import { allFields } from '../settings/settingsRules.js';

export const checkFieldMessages = {
  notCheckable: (field: string) => `"${field}" is not a unique profile field: only the username and unique custom fields can be checked.`,
} as const;

/** Is `username` taken (case-insensitively) by a user other than `userId`? */
export async function isUsernameTaken(q: Queryable, environmentId: string, userId: string, username: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM users WHERE environment_id = $1 AND id <> $2 AND lower(profile->>'username') = lower($3) LIMIT 1`, [
    environmentId,
    userId,
    username,
  ]);
  return rows.length > 0;
}

/** Does a user other than `userId` hold `value` in the profile (`standard`) or metadata (`custom`) field `name`? */
export async function isFieldValueTaken(q: Queryable, environmentId: string, userId: string, field: { name: string; type: 'standard' | 'custom' }, value: unknown): Promise<boolean> {
  const column = field.type === 'standard' ? 'profile' : 'metadata';
  const rows = await q.query(`SELECT 1 FROM users WHERE environment_id = $1 AND id <> $2 AND ${column} -> $3 = $4::jsonb LIMIT 1`, [
    environmentId,
    userId,
    field.name,
    JSON.stringify(value),
  ]);
  return rows.length > 0;
}

/**
 * GET /users/check: whether `value` is free for the signed-in user in `field` — `username`, or an enabled kyc/custom
 * field marked unique (by its name). The caller's own value counts as free. Any other field is 400 `invalid_request`
 * (the route must not become a lookup of other users' e-mail addresses or phone numbers).
 */
export async function checkUserField(ctx: SandboxContext, auth: Auth, query: { field: string; value: string }): Promise<FieldAvailability> {
  const value = query.value.trim();
  if (query.field === 'username') {
    const available = value === '' || !(await isUsernameTaken(ctx.db, ctx.environmentId, auth.userId, value));
    return { field: query.field, value, available };
  }
  const settings = await ctx.settings.get();
  const match = allFields(settings).find(({ field }) => field.name === query.field && field.enabled && (field.unique || field.validationRules?.unique));
  if (!match || match.field.validationType === 'checkbox' || ['email', 'phoneNumber'].includes(match.field.name)) {
    throw new ApiError(400, 'invalid_request', checkFieldMessages.notCheckable(query.field), 'field');
  }
  const available = value === '' || !(await isFieldValueTaken(ctx.db, ctx.environmentId, auth.userId, match.field, value));
  return { field: query.field, value, available };
}
