import { z } from 'zod';

/**
 * What a product route is: method, path (relative to `{apiBaseUrl}/api/v0/sdk/{environmentId}`,
 * `{name}` segments are path parameters), the schema of the request (the JSON body for
 * POST/PUT/DELETE, the query for GET), the schema of the 2xx answer, and whether it needs the
 * session JWT. Where a static path and a `{param}` path could both match (e.g. `/users/mfa/methods`
 * and `/users/mfa/{mfaDeviceId}`), the static path wins.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
  readonly bearer: boolean;
  /** The path parameters, one key per `{name}` segment; absent when the path has none. */
  readonly params?: z.ZodObject;
  /** `html` for pages a browser opens (redirect pages); the answer is then not JSON. Default `json`. */
  readonly responseFormat?: 'json' | 'html';
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

/** The `{name}` parameters of a route path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]*)\}/g)].map((match) => match[1] ?? '');
}

/** Thrown by `buildRoutePath` when a `{name}` segment has no value. */
export class RoutePathError extends Error {
  override readonly name = 'RoutePathError';
  constructor(
    readonly path: string,
    readonly param: string,
  ) {
    super(`Missing path parameter "${param}" for ${path}`);
  }
}

/** Fills `{name}` segments of a route path; throws `RoutePathError` on a missing or empty parameter. */
export function buildRoutePath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new RoutePathError(path, name);
    return encodeURIComponent(value);
  });
}

/** `{apiBaseUrl}/api/v0/sdk/{environmentId}` */
export function sdkBasePath(environmentId: string): string {
  return `/sdk/${encodeURIComponent(environmentId)}`;
}
