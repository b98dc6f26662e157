import { API_PATH_PREFIX, noBodySchema, routes, signInResponseSchema, type RouteDefinition } from '@latchkey/protocol';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { ApiError, messages } from '../errors/ApiError.js';
import { formatIssuePath } from '../errors/zodIssue.js';
import { requestFromAnotherPage } from '../services/session/authenticate.js';
import { readBody, readQuery } from './readBody.js';
import { clientAddressOf } from './clientAddress.js';
import { clearSessionCookie, setSessionCookie, usesCookieSessions } from '../services/session/sessionCookie.js';
import { bearerOf, resolveAuth, type AuthByKind, type AuthKind } from './routeAuth.js';

/** Product routes live under `{apiBaseUrl}/api/v0/sdk/{environmentId}`. */
export const SDK_ROUTE_PREFIX = `${API_PATH_PREFIX}/sdk/:environmentId`;

/** The Hono pattern of a protocol path: `/users/mfa/{mfaDeviceId}` → `…/users/mfa/:mfaDeviceId`. */
export function sdkRoutePattern(path: string): string {
  return `${SDK_ROUTE_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** A key of the protocol's `routes` table, e.g. `createEmailVerification`. */
export type RouteKey = keyof typeof routes;
type RouteOf<K extends RouteKey> = (typeof routes)[K];

/** What the handler of route `K`, reached with auth kind `A`, is given. */
export interface RouteInput<K extends RouteKey, A extends AuthKind = 'public'> {
  readonly ctx: SandboxContext;
  /** The validated request: the JSON body, or the query of a GET; `undefined` for routes without one. */
  readonly body: z.output<RouteOf<K>['request']>;
  readonly auth: AuthByKind[A];
  /** The request itself (path parameters, headers). */
  readonly c: Context;
}

/** What the handler of route `K` answers, before the route's response schema parses it. */
export type RouteOutput<K extends RouteKey> = z.input<RouteOf<K>['response']>;

type JsonBinding<K extends RouteKey, A extends AuthKind> = {
  readonly auth: A;
  readonly handler: (input: RouteInput<K, A>) => Promise<RouteOutput<K>> | RouteOutput<K>;
};

/** What the handler of a page is given: it reads the request itself. */
export interface PageInput {
  readonly ctx: SandboxContext;
  readonly c: Context;
}

/** A page a browser opens (`responseFormat: 'html'`): the handler answers a Response (HTML, or a redirect). */
type PageBinding = {
  readonly auth: 'public';
  readonly page: (input: PageInput) => Promise<Response> | Response;
};

export type RouteBinding<K extends RouteKey> = { [A in AuthKind]: JsonBinding<K, A> }[AuthKind] | PageBinding;

/** Product routes of one group: each route's key in the protocol table, its auth kind and its handler, in registration order. */
export type RouteTable = { readonly [K in RouteKey]?: RouteBinding<K> };

function mountJson(app: Hono, ctx: SandboxContext, key: RouteKey, binding: JsonBinding<RouteKey, AuthKind>): void {
  const route: RouteDefinition = routes[key];
  const { request, response } = route;
  // Login CSRF: a page of another site posting its own account's sign-in (a text/plain form needs no preflight) would
  // have the victim's browser keep that session's cookie, and the kit act in the attacker's account. With sessions in
  // cookies, a public sign-in must come from a page that may read its answer — as a change made on the cookie must.
  const setsCookie = binding.auth === 'public' && response === signInResponseSchema;
  app.on(route.method, sdkRoutePattern(route.path), async (c) => {
    if (setsCookie && requestFromAnotherPage(c) && usesCookieSessions(await ctx.settings.get())) throw new ApiError(403, 'forbidden', messages.foreignSignIn);
    const auth = await resolveAuth[binding.auth](ctx, c);
    const body = request === noBodySchema ? undefined : route.method === 'GET' ? readQuery(c, request) : await readBody(c, request);
    // The client's address reaches the domain layer in the request's copy of the context (a sign-in stores it on its
    // session when collected). Not an AsyncLocalStorage: on Node 20 that hooks every promise of the process (bench:load
    // measured a few percent of the sandbox's CPU per sign-in).
    const result = await binding.handler({ ctx: { ...ctx, clientAddress: clientAddressOf(c) }, body, auth, c } as RouteInput<RouteKey, AuthKind>);
    const parsed = response.safeParse(result);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Response of ${route.method} ${route.path} breaks its schema at ${formatIssuePath(issue?.path ?? [])}: ${issue?.message}`);
    }
    await applySessionCookie(ctx, c, key, route, parsed.data);
    return c.json(parsed.data as object, 200);
  });
}

/**
 * Cookie storage: a sign-in response carrying a session (every sign-in, refresh, link…) also sets it as the HttpOnly
 * session cookie when the project keeps sessions in cookies; POST /revoke and /revoke/all always clear it.
 */
async function applySessionCookie(ctx: SandboxContext, c: Context, key: RouteKey, route: RouteDefinition, data: unknown): Promise<void> {
  if (key === 'revoke' || key === 'revokeAll') {
    clearSessionCookie(c);
    return;
  }
  if (route.response !== signInResponseSchema) return;
  const { jwt, expiresAt } = data as { jwt?: string; expiresAt?: string };
  if (!jwt || !expiresAt || !usesCookieSessions(await ctx.settings.get())) return;
  setSessionCookie(c, jwt, new Date(expiresAt), ctx.now());
}

/**
 * Registers product routes of the protocol table, each with its auth kind as data: the caller is resolved first
 * (bearer routes: before the body is read), the request is validated with the route's schema (JSON body, or query
 * for GET), and the answer is parsed with its response schema — a handler that breaks the contract is a 500, not a
 * lie on the wire. Pages (`responseFormat: 'html'`) answer for themselves.
 */
export function mountRoutes(app: Hono, ctx: SandboxContext, table: RouteTable): void {
  for (const [key, binding] of Object.entries(table) as [RouteKey, JsonBinding<RouteKey, AuthKind> | PageBinding][]) {
    const route: RouteDefinition = routes[key];
    const bearer = bearerOf[binding.auth];
    if (bearer !== undefined && bearer !== route.bearer) {
      throw new Error(`${route.path} is ${route.bearer ? '' : 'not '}a bearer route: it cannot be mounted with auth '${binding.auth}'.`);
    }
    if ('page' in binding) {
      if (route.responseFormat !== 'html') throw new Error(`${route.path} answers JSON: mount it with a handler, not a page.`);
      app.on(route.method, sdkRoutePattern(route.path), (c) => binding.page({ ctx, c }));
    } else {
      mountJson(app, ctx, key, binding);
    }
  }
}
