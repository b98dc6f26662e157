import type { RouteDefinition, RouteName, RouteParams, RouteRequest, RouteResponse, Routes } from '@latchkey/protocol';
import { API_PATH_PREFIX, API_VERSION, API_VERSION_HEADER, KIT_VERSION, KIT_VERSION_HEADER } from '@latchkey/protocol/constants';
import { buildRoutePath, sdkBasePath } from '@latchkey/protocol/routePath';
import type { ZodType } from 'zod';
import { loadContract, type Contract } from '../contract/loadContract.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { describeIssues } from '../errors/toLatchkeyError.js';
import { toQueryString } from './toQueryString.js';

export type { Query, QueryValue } from './toQueryString.js';

interface CommonRequestOptions {
  /** The bearer token to send instead of the current session's (used while a session is restored). */
  jwt?: string;
  signal?: AbortSignal;
}

/** GET routes validate (and send) a query; the others a JSON body. Optional exactly when the schema accepts none. */
type PayloadOptions<N extends RouteName> = Routes[N]['method'] extends 'GET'
  ? undefined extends RouteRequest<N>
    ? { query?: RouteRequest<N> }
    : { query: RouteRequest<N> }
  : undefined extends RouteRequest<N>
    ? { body?: RouteRequest<N> }
    : { body: RouteRequest<N> };

/** Values for the `{name}` segments of the route path. */
type ParamOptions<N extends RouteName> = Routes[N] extends { readonly params: ZodType }
  ? { params: RouteParams<N> }
  : { params?: undefined };

export type RequestOptions<N extends RouteName> = CommonRequestOptions & PayloadOptions<N> & ParamOptions<N>;

/** Arguments after the route name: the options may be left out when nothing in them is required. */
export type RequestArgs<N extends RouteName> = object extends PayloadOptions<N> & ParamOptions<N>
  ? [options?: RequestOptions<N>]
  : [options: RequestOptions<N>];

export type Transport = <N extends RouteName>(name: N, ...args: RequestArgs<N>) => Promise<RouteResponse<N>>;

interface UntypedOptions extends CommonRequestOptions {
  body?: unknown;
  query?: unknown;
  params?: Readonly<Record<string, string>>;
}

export interface TransportConfig {
  apiBaseUrl: string;
  environmentId: string;
  fetch?: typeof fetch;
  /** The current session's JWT, for bearer routes (a promise while the session is still loading). */
  getJwt?: () => string | undefined | Promise<string | undefined>;
  /** Send cookies cross-origin (`credentials: 'include'`): set when cookie storage is used. */
  includeCredentials?: boolean;
  /** Where the route schemas come from; default `loadContract` (an `import()`: a lazy chunk when bundled). */
  loadContract?: () => Promise<Contract>;
}

/**
 * The product API transport of DESIGN.md "Wire contract", driven by the protocol `routes` table.
 * Validates the request before sending and every 2xx response after; a non-2xx response is thrown
 * as the raw `Response` (the error layer, `createApi`, turns it into a `LatchkeyError`).
 *
 * The table and its zod schemas load on their own (`loadContract`): the load starts with the first
 * request, not before, so a page paints (its sign-in button) without fetching them; a request made
 * before it is done waits for it, and one made after goes out at once. A failed load is retried
 * by the next request.
 */
export function createTransport(config: TransportConfig): Transport {
  const base = `${config.apiBaseUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${sdkBasePath(config.environmentId)}`;
  const load = config.loadContract ?? loadContract;
  let loaded: Contract | undefined;
  let loading: Promise<Contract> | undefined;
  const contract = (): Promise<Contract> =>
    (loading ??= load().then(
      (value) => (loaded = value),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  async function send(name: RouteName, options: UntypedOptions = {}): Promise<unknown> {
    const { routes } = loaded ?? (await contract());
    const route: RouteDefinition = routes[name];
    const isGet = route.method === 'GET';
    const payload = isGet ? options.query : options.body;
    const checked = route.request.safeParse(payload);
    if (!checked.success) {
      const { message, path } = describeIssues(checked.error.issues);
      throw new LatchkeyError('invalid_request', { message, path, cause: checked.error });
    }

    if (route.params) {
      const params = route.params.safeParse(options.params ?? {});
      if (!params.success) {
        const { message, path } = describeIssues(params.error.issues);
        throw new LatchkeyError('invalid_request', { message, path, cause: params.error });
      }
    }
    let path: string;
    try {
      path = buildRoutePath(route.path, options.params);
    } catch (error) {
      throw new LatchkeyError('invalid_request', { message: (error as Error).message, cause: error });
    }

    const headers: Record<string, string> = {
      accept: route.responseFormat === 'html' ? 'text/html' : 'application/json',
      [KIT_VERSION_HEADER]: KIT_VERSION,
      [API_VERSION_HEADER]: API_VERSION,
    };
    if (route.bearer) {
      const jwt = options.jwt ?? (await config.getJwt?.());
      if (!jwt) throw new LatchkeyError('unauthorized', { message: 'This request needs a signed-in session.' });
      headers.authorization = `Bearer ${jwt}`;
    }
    const init: RequestInit = { method: route.method, headers };
    if (!isGet && checked.data !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(checked.data);
    }
    if (config.includeCredentials) init.credentials = 'include';
    if (options.signal) init.signal = options.signal;

    const doFetch = config.fetch ?? globalThis.fetch;
    const response = await doFetch(`${base}${path}${isGet ? toQueryString(options.query) : ''}`, init);
    if (!response.ok) throw response;

    const text = await response.text();
    let data: unknown;
    try {
      data = route.responseFormat === 'html' ? text : text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw new LatchkeyError('invalid_response', { status: response.status, cause: error });
    }
    const parsed = route.response.safeParse(data);
    if (!parsed.success) {
      throw new LatchkeyError('invalid_response', {
        status: response.status,
        path: describeIssues(parsed.error.issues).path,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return send as Transport;
}
