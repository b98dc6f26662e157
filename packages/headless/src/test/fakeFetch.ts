/** Test helpers shared by the headless tests (excluded from the build). */

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  keepalive: boolean;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** A `fetch` that records every request and answers from `handler` (which may throw, like a network failure). */
export function createFakeFetch(handler: FakeHandler): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      url: new URL(input instanceof Request ? input.url : String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
      credentials: init.credentials,
      keepalive: init.keepalive === true,
    };
    requests.push(request);
    return handler(request);
  };
  return { fetch: fakeFetch as typeof fetch, requests };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorBody(status: number, code: string, message: string, path?: string): Response {
  return json(status, { error: { code, message, ...(path ? { path } : {}) } });
}

/** Routes a fake request by `METHOD /path` (relative to the sdk base), 404 otherwise. */
export function routeTable(table: Record<string, FakeHandler>): FakeHandler {
  return (request) => {
    const path = request.url.pathname.replace(/^\/api\/v0\/sdk\/[^/]+/, '');
    const handler = table[`${request.method} ${path}`];
    return handler ? handler(request) : errorBody(404, 'not_found', `No fake for ${request.method} ${path}`);
  };
}

const base64url = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT-shaped token whose payload carries `exp` (seconds): enough for the client, which only reads it. */
export function fakeJwt(expMs: number, extra: Record<string, unknown> = {}): string {
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ exp: Math.floor(expMs / 1000), sub: 'user-1', ...extra })}.c2lnbmF0dXJl`;
}

export const ENVIRONMENT_ID = '8c4b1e2a-5f0d-4c7e-9a3b-2d6f1e0c9b71';
export const API_BASE_URL = 'http://127.0.0.1:9';

export function fakeUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'user-1',
    projectEnvironmentId: ENVIRONMENT_ID,
    verifiedCredentials: [{ id: 'cred-1', format: 'email' as const, email: 'ada@example.com' }],
    email: 'ada@example.com',
    ...overrides,
  };
}

/** A sign-in response with a token valid until `expiresAtMs` (whole seconds, like the token's `exp`). */
export function fakeSignIn(expiresAtMs: number, userOverrides: Record<string, unknown> = {}) {
  const seconds = Math.floor(expiresAtMs / 1000) * 1000;
  return { jwt: fakeJwt(seconds), expiresAt: new Date(seconds).toISOString(), user: fakeUser(userOverrides) };
}
