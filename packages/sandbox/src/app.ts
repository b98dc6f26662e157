import { API_VERSION_HEADER, KIT_VERSION_HEADER } from '@latchkey/protocol';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { SandboxContext } from './context.js';
import { ApiError, messages } from './errors/ApiError.js';
import { isLoopbackOrigin } from './net/loopbackOrigin.js';
import { corsHeaders } from './http/cors.js';
import { assertSafeUrl } from './http/cleanInput.js';
import { SDK_ROUTE_PREFIX } from './http/mountRoutes.js';
import { mountProductRoutes } from './routes/index.js';
import { mountMobileWalletSimulatorRoutes } from './routes/mobileWalletSimulatorRoutes.js';
import { mountSandboxRoutes } from './routes/sandboxRoutes.js';
import { mountStaticAssets } from './routes/staticAssets.js';
import type { SandboxInfo } from './sandboxInfo.js';

function fromHttpException(error: HTTPException): ApiError {
  const status = error.status;
  if (status === 401) return new ApiError(401, 'unauthorized', messages.invalidToken);
  if (status === 404) return new ApiError(404, 'not_found', messages.notFound);
  if (status === 413) return new ApiError(413, 'invalid_request', messages.bodyTooLarge);
  if (status >= 400 && status < 500) return new ApiError(status, 'invalid_request', error.message || 'Bad request.');
  return new ApiError(500, 'internal_error', messages.internal);
}

export interface CreateAppOptions {
  readonly ctx: SandboxContext;
  readonly info: SandboxInfo;
  /** Called with every unexpected error (a bug) before it becomes a 500. */
  readonly onInternalError: (error: unknown) => void;
}

/** The sandbox's HTTP surface: CORS, limits, error mapping, product and sandbox-only routes. */
export function createApp({ ctx, info, onInternalError }: CreateAppOptions): Hono {
  const app = new Hono();

  app.use(
    '*',
    corsHeaders({
      allowOrigin: isLoopbackOrigin,
      allowHeaders: ['Authorization', 'Content-Type', KIT_VERSION_HEADER, API_VERSION_HEADER],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      // The kit reads when to try again after a 429.
      exposeHeaders: ['Retry-After'],
      maxAgeSeconds: 600,
    }),
  );
  // A NUL or a broken escape in the URL is bad input on every route (it must never reach the database).
  app.use('*', async (_c, next) => {
    assertSafeUrl(_c.req.url);
    await next();
  });
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allowed) =>
        c.json(new ApiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed here; use ${allowed.join(', ')}.`).toBody(), 405, {
          Allow: allowed.join(', '),
        }),
    }),
  );
  app.use(`${SDK_ROUTE_PREFIX}/*`, async (c, next) => {
    if (c.req.param('environmentId') !== ctx.environmentId) throw new ApiError(404, 'not_found', messages.unknownEnvironment);
    await next();
  });

  // The sandbox's own routes (settings, access list, faucet, blocks, custody's, the mobile wallet's) serve its tests, its
  // tools and the kit's pages on loopback. A page on another site reaches them too with a form or a no-cors fetch
  // (a text/plain POST needs no preflight) and could reset the project's settings or expire a key: a request that
  // names another origin (browsers name it on every cross-origin write) changes nothing here. No Origin: a tool.
  // `Origin: null` is a page that hides its origin — the mobile wallet's own form does (no-referrer) — served only
  // when the browser says the request comes from the same origin (Sec-Fetch-Site).
  app.use('/sandbox/*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS' && !sandboxWriteAllowed(c.req.header('origin'), c.req.header('sec-fetch-site'))) {
      throw new ApiError(403, 'forbidden', messages.foreignSandboxOrigin);
    }
    await next();
  });

  mountProductRoutes(app, ctx);
  mountStaticAssets(app);
  mountSandboxRoutes(app, ctx, info);
  mountMobileWalletSimulatorRoutes(app);

  app.notFound((c) => c.json(new ApiError(404, 'not_found', messages.notFound).toBody(), 404));
  app.onError((error, c) => {
    const apiError = error instanceof ApiError ? error : error instanceof HTTPException ? fromHttpException(error) : undefined;
    // A refused oversized body may be unread: do not let the client reuse the connection.
    if (apiError) {
      const headers: Record<string, string> = apiError.status === 413 ? { Connection: 'close' } : {};
      if (apiError.retryAfterSeconds !== undefined) headers['Retry-After'] = String(apiError.retryAfterSeconds);
      return c.json(apiError.toBody(), apiError.status, headers);
    }
    onInternalError(error);
    return c.json(new ApiError(500, 'internal_error', messages.internal).toBody(), 500);
  });
  return app;
}

/** A write to a sandbox-only route: from a tool (no Origin), a loopback page, or a page of the sandbox's own origin that hides it. */
function sandboxWriteAllowed(origin: string | undefined, fetchSite: string | undefined): boolean {
  if (origin === undefined) return true;
  if (origin === 'null') return fetchSite === 'same-origin';
  return isLoopbackOrigin(origin);
}
