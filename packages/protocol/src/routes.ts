import { z } from 'zod';
import { jwksSchema } from './jwks.js';
import { logBatchSchema } from './log.js';
import { projectSettingsSchema } from './settings.js';
import { sessionInfoSchema, signInResponseSchema } from './signIn.js';
import { userSchema, userUpdateSchema } from './user.js';
import {
  emailSignInSchema,
  emailVerificationSchema,
  verificationCreatedSchema,
  verificationDataSchema,
} from './verification.js';

/**
 * The product route table of DESIGN.md "Routes". Paths are relative to
 * `{apiBaseUrl}/api/v0/sdk/{environmentId}`; `{name}` segments are path parameters.
 * `request` validates the JSON body (POST/PUT/DELETE) or the query (GET); `response` the 2xx body.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
  readonly bearer: boolean;
}

function route<Req extends z.ZodType, Res extends z.ZodType>(definition: RouteDefinition<Req, Res>): RouteDefinition<Req, Res> {
  return definition;
}

/** No body (or an ignored one). */
export const noBodySchema = z.undefined();
/** A 2xx body with nothing to say. */
export const okSchema = z.object({ ok: z.literal(true) });
export const userResponseSchema = z.object({ user: userSchema });

export const routes = {
  // bootstrap
  getSettings: route({ method: 'GET', path: '/settings', request: noBodySchema, response: projectSettingsSchema, bearer: false }),
  getJwks: route({ method: 'GET', path: '/.well-known/jwks.json', request: noBodySchema, response: jwksSchema, bearer: false }),
  postLogs: route({ method: 'POST', path: '/logs', request: logBatchSchema, response: okSchema, bearer: false }),

  // session
  refresh: route({ method: 'POST', path: '/refresh', request: noBodySchema, response: signInResponseSchema, bearer: true }),
  revoke: route({ method: 'POST', path: '/revoke', request: noBodySchema, response: okSchema, bearer: true }),
  getSession: route({ method: 'GET', path: '/session', request: noBodySchema, response: sessionInfoSchema, bearer: true }),

  // e-mail code
  createEmailVerification: route({ method: 'POST', path: '/emailVerifications/create', request: emailSignInSchema, response: verificationCreatedSchema, bearer: false }),
  retryEmailVerification: route({ method: 'POST', path: '/emailVerifications/retry', request: emailVerificationSchema, response: verificationCreatedSchema, bearer: false }),
  signInWithEmailVerification: route({ method: 'POST', path: '/emailVerifications/signin', request: verificationDataSchema, response: signInResponseSchema, bearer: false }),
  verifyEmailVerification: route({ method: 'POST', path: '/emailVerifications/verify', request: verificationDataSchema, response: signInResponseSchema, bearer: true }),

  // user
  getUser: route({ method: 'GET', path: '/users', request: noBodySchema, response: userResponseSchema, bearer: true }),
  updateUser: route({ method: 'PUT', path: '/users', request: userUpdateSchema, response: userResponseSchema, bearer: true }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteRequest<N extends RouteName> = z.input<Routes[N]['request']>;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

/** Fills `{name}` segments of a route path; throws on a missing parameter. */
export function buildRoutePath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

/** `{apiBaseUrl}/api/v0/sdk/{environmentId}` */
export function sdkBasePath(environmentId: string): string {
  return `/sdk/${encodeURIComponent(environmentId)}`;
}
