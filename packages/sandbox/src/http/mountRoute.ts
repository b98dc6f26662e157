import { API_PATH_PREFIX, noBodySchema, type RouteDefinition } from '@latchkey/protocol';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { authenticate, type Auth } from '../services/session/authenticate.js';
import { ApiError } from '../errors/ApiError.js';
import { readBody, readQuery } from './readBody.js';
import { formatIssuePath } from '../errors/zodIssue.js';

/** Product routes live under `{apiBaseUrl}/api/v0/sdk/{environmentId}`. */
export const SDK_ROUTE_PREFIX = `${API_PATH_PREFIX}/sdk/:environmentId`;

type Handler<Req extends z.ZodType, Res extends z.ZodType, A> = (input: { body: z.output<Req>; auth: A; c: Context }) => Promise<z.input<Res>>;

/** The Hono pattern of a protocol path: `/users/mfa/{mfaDeviceId}` → `…/users/mfa/:mfaDeviceId`. */
export function sdkRoutePattern(path: string): string {
  return `${SDK_ROUTE_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

function register<Req extends z.ZodType, Res extends z.ZodType, A>(
  app: Hono,
  ctx: SandboxContext,
  route: RouteDefinition<Req, Res>,
  handler: Handler<Req, Res, A>,
  resolveAuth: (c: Context) => Promise<A>,
): void {
  app.on(route.method, sdkRoutePattern(route.path), async (c) => {
    const auth = await resolveAuth(c);
    const ignoresBody = (route.request as z.ZodType) === noBodySchema;
    const body = ignoresBody ? undefined : route.method === 'GET' ? readQuery(c, route.request) : await readBody(c, route.request);
    const result = await handler({ body: body as z.output<Req>, auth, c });
    const parsed = route.response.safeParse(result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Response of ${route.method} ${route.path} breaks its schema at ${formatIssuePath(issue?.path ?? [])}: ${issue?.message}`);
    }
    return c.json(parsed.data as object, 200);
  });
}

/**
 * Registers a public route of the protocol table: request validated with the route's schema (JSON
 * body, or query for GET), response parsed with its response schema — a handler that breaks the
 * contract is a 500, not a lie on the wire.
 */
export function mountRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: Hono,
  ctx: SandboxContext,
  route: RouteDefinition<Req, Res>,
  handler: Handler<Req, Res, undefined>,
): void {
  if (route.bearer) throw new Error(`${route.path} is a bearer route: use mountBearerRoute.`);
  register(app, ctx, route, handler, async () => undefined);
}

/** As `mountRoute`, for bearer routes: the session is checked before the body is read. */
export function mountBearerRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: Hono,
  ctx: SandboxContext,
  route: RouteDefinition<Req, Res>,
  handler: Handler<Req, Res, Auth>,
): void {
  if (!route.bearer) throw new Error(`${route.path} is not a bearer route: use mountRoute.`);
  register(app, ctx, route, handler, (c) => authenticate(ctx, c.req.header('authorization')));
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * As `mountRoute`, for the bearer routes that finish a pending second factor: the bearer is the
 * sign-in's MFA token (not a session token); the handler checks it.
 */
export function mountMfaTokenRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: Hono,
  ctx: SandboxContext,
  route: RouteDefinition<Req, Res>,
  handler: Handler<Req, Res, string | undefined>,
): void {
  register(app, ctx, route, handler, async (c) => c.req.header('authorization')?.match(BEARER)?.[1]);
}

/**
 * As `mountBearerRoute`, for the enrolment routes a required second factor opens to a pending
 * sign-in: a session token, or else the sign-in's MFA token as `fromMfaToken` accepts it. When
 * neither is good, the session's error is the answer.
 */
export function mountSessionOrMfaTokenRoute<Req extends z.ZodType, Res extends z.ZodType>(
  app: Hono,
  ctx: SandboxContext,
  route: RouteDefinition<Req, Res>,
  fromMfaToken: (token: string | undefined) => Promise<Pick<Auth, 'userId'>>,
  handler: Handler<Req, Res, Pick<Auth, 'userId'>>,
): void {
  if (!route.bearer) throw new Error(`${route.path} is not a bearer route: use mountRoute.`);
  register(app, ctx, route, handler, async (c) => {
    const header = c.req.header('authorization');
    try {
      return await authenticate(ctx, header);
    } catch (sessionError) {
      const token = header?.match(BEARER)?.[1];
      if (!token) throw sessionError;
      try {
        return await fromMfaToken(token);
      } catch (tokenError) {
        // A token that is an MFA token but may not enrol says why; anything else is the session's error.
        if (tokenError instanceof ApiError && tokenError.status === 403) throw tokenError;
        throw sessionError;
      }
    }
  });
}
