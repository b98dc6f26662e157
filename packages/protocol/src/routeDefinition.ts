import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { RouteInfo } from './routeInfo.js';

/**
 * What a product route is: method, path (relative to `{apiBaseUrl}/api/v0/sdk/{environmentId}`,
 * `{name}` segments are path parameters), the schema of the request (the JSON body for
 * POST/PUT/DELETE, the query for GET), the schema of the 2xx answer, and whether it needs the
 * session JWT. Where a static path and a `{param}` path could both match (e.g. `/users/mfa/methods`
 * and `/users/mfa/{mfaDeviceId}`), the static path wins.
 */
export interface RouteDefinition<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> extends RouteInfo {
  readonly request: Req;
  readonly response: Res;
  /** The path parameters, one key per `{name}` segment; absent when the path has none. */
  readonly params?: z.ZodMiniObject;
}

// zod/mini carries no messages of its own ("Invalid input" for every issue); classic zod installs the English ones
// when it loads. The route table is what every consumer of the wire contract loads, so it installs them here: an
// invalid request reads `email: Invalid email address` whether or not classic zod is on the page.
z.config(en());

/** Defines a route, keeping its literal method and path and its exact schemas in the type. */
export function route<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

/** No body (or an ignored one); for GET, no query. */
export const noBodySchema = z.undefined();
/** A 2xx body with nothing to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** A path parameter value: one non-empty URL segment. */
export const pathParamSchema = z.string().check(z.minLength(1), z.maxLength(256));
