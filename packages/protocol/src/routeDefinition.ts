import * as z from 'zod';
import type { RouteInfo } from './routeInfo.js';

/**
 * What a product route is: method, path (relative to `{apiBaseUrl}/api/v0/sdk/{environmentId}`,
 * `{name}` segments are path parameters), the schema of the request (the JSON body for
 * POST/PUT/DELETE, the query for GET), the schema of the 2xx answer, and whether it needs the
 * session JWT. Where a static path and a `{param}` path could both match (e.g. `/users/mfa/methods`
 * and `/users/mfa/{mfaDeviceId}`), the static path wins.
 */
export interface RouteDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends RouteInfo {
  readonly request: Req;
  readonly response: Res;
  /** The path parameters, one key per `{name}` segment; absent when the path has none. */
  readonly params?: z.ZodObject;
}

/** Defines a route, keeping its literal method and path and its exact schemas in the type. */
export function route<const D extends RouteDefinition>(definition: D): D {
  return definition;
}

/** No body (or an ignored one); for GET, no query. */
export const noBodySchema = z.undefined();
/** A 2xx body with nothing to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** A path parameter value: one non-empty URL segment. */
export const pathParamSchema = z.string().min(1).max(256);
