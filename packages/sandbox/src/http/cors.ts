import type { MiddlewareHandler } from 'hono';

export interface CorsOptions {
  /** Whether a request's `Origin` may read the answer (echoed back, with credentials). */
  readonly allowOrigin: (origin: string) => boolean;
  readonly allowHeaders: readonly string[];
  readonly allowMethods: readonly string[];
  readonly exposeHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

/**
 * CORS with credentials — the headers hono's `cors` middleware sends, for the same options — set on the context
 * before the handler answers (`c.header` while no response exists yet), so the answer is built once with them. Hono's
 * sets them on a placeholder response first, which the handler's answer then replaces: every answer was rebuilt
 * through a native Response and a web stream, a tenth of what a small request cost. Handlers answer through the
 * context (`c.json`, `c.body`, `c.html`, `c.redirect`), which carries these headers; a header a handler names itself
 * (a static asset's `access-control-allow-origin: *`) is its own.
 */
export function corsHeaders(options: CorsOptions): MiddlewareHandler {
  const allowHeaders = options.allowHeaders.join(',');
  const allowMethods = options.allowMethods.join(',');
  const exposeHeaders = options.exposeHeaders.join(',');
  return async (c, next) => {
    const origin = c.req.header('origin') ?? '';
    const allowed = options.allowOrigin(origin) ? origin : undefined;
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers();
      if (allowed) headers.set('Access-Control-Allow-Origin', allowed);
      headers.set('Access-Control-Allow-Credentials', 'true');
      if (exposeHeaders) headers.set('Access-Control-Expose-Headers', exposeHeaders);
      headers.append('Vary', 'Origin');
      headers.set('Access-Control-Max-Age', String(options.maxAgeSeconds));
      if (allowMethods) headers.set('Access-Control-Allow-Methods', allowMethods);
      if (allowHeaders) {
        headers.set('Access-Control-Allow-Headers', allowHeaders);
        headers.append('Vary', 'Access-Control-Request-Headers');
      }
      return new Response(null, { status: 204, statusText: 'No Content', headers });
    }
    if (allowed) c.header('Access-Control-Allow-Origin', allowed);
    c.header('Access-Control-Allow-Credentials', 'true');
    if (exposeHeaders) c.header('Access-Control-Expose-Headers', exposeHeaders);
    c.header('Vary', 'Origin', { append: true });
    await next();
  };
}
