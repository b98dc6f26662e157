import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { createRootOrganization, expireApiKey } from '../custody/adminOperations.js';
import { ApiError } from '../errors/ApiError.js';
import { readJson } from '../http/readBody.js';

const publicKeySchema = z.string().regex(/^0[23][0-9a-fA-F]{64}$/);

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, 'invalid_request', `Invalid body: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/**
 * Sandbox-only custody routes:
 * - POST `/sandbox/custody/organizations` `{ publicKey, name? }` → `{ organizationId, userId }`: a top-level
 *   organisation for a caller holding that API key (compatibility tests drive it with the public client);
 * - POST `/sandbox/admin/custody/expire-api-key` `{ publicKey }` → `{ expired }`: the key (a session key) lapses now.
 */
export function mountCustodySandboxRoutes(app: Hono, ctx: SandboxContext): void {
  app.post('/sandbox/custody/organizations', async (c) => {
    const body = parse(z.object({ publicKey: publicKeySchema, name: z.string().min(1).max(256).optional() }), await readJson(c));
    return c.json(await createRootOrganization(ctx.db, ctx.environmentId, ctx.now(), body));
  });
  app.post('/sandbox/admin/custody/expire-api-key', async (c) => {
    const { publicKey } = parse(z.object({ publicKey: publicKeySchema }), await readJson(c));
    const expired = await expireApiKey(ctx.db, ctx.environmentId, ctx.now(), publicKey);
    if (expired === 0) throw new ApiError(404, 'not_found', 'No API key with this public key.');
    return c.json({ expired });
  });
}
