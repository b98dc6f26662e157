// Plain code, no zod: the first-paint code of a client builds its URLs with this.

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
