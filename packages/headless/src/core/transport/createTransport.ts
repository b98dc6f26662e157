import type { RouteName, RouteParams, RouteRequest, RouteResponse, Routes } from '@latchkey/protocol';
import type { core } from 'zod/mini';
import { loadContract, type Contract } from '../contract/loadContract.js';
import type { SendRequestTarget, UntypedRequestOptions } from './sendRequest.js';

export type { Query, QueryValue } from './toQueryString.js';

interface CommonRequestOptions {
  /** The bearer token to send instead of the current session's (used while a session is restored). */
  jwt?: string;
  signal?: AbortSignal;
  /** Let the request outlive the page (`fetch`'s `keepalive`): what is sent as the page is hidden or closed. */
  keepalive?: boolean;
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
type ParamOptions<N extends RouteName> = Routes[N] extends { readonly params: core.$ZodType }
  ? { params: RouteParams<N> }
  : { params?: undefined };

export type RequestOptions<N extends RouteName> = CommonRequestOptions & PayloadOptions<N> & ParamOptions<N>;

/** Arguments after the route name: the options may be left out when nothing in them is required. */
export type RequestArgs<N extends RouteName> = object extends PayloadOptions<N> & ParamOptions<N>
  ? [options?: RequestOptions<N>]
  : [options: RequestOptions<N>];

export type Transport = <N extends RouteName>(name: N, ...args: RequestArgs<N>) => Promise<RouteResponse<N>>;

export interface TransportConfig {
  apiBaseUrl: string;
  environmentId: string;
  fetch?: typeof fetch;
  /** The current session's JWT, for bearer routes (a promise while the session is still loading). */
  getJwt?: () => string | undefined | Promise<string | undefined>;
  /**
   * Send cookies cross-origin (`credentials: 'include'`): set when cookie storage is used. A function is asked per
   * request (the project's settings may choose cookie sessions after the client is made). With credentials, a bearer
   * route goes out without a token when there is none: the session cookie authenticates it.
   */
  includeCredentials?: boolean | (() => boolean);
  /** Where the route schemas come from; default `loadContract` (an `import()`: a lazy chunk when bundled). */
  loadContract?: () => Promise<Contract>;
}

/**
 * The product API transport of DESIGN.md "Wire contract", driven by the protocol `routes` table.
 * Validates the request before sending and every 2xx response after; a non-2xx response is thrown
 * as the raw `Response` (the error layer, `createApi`, turns it into a `LatchkeyError`).
 *
 * The table and its zod schemas load on their own (`loadContract`), with the code that sends a request
 * (`sendRequest`): the load starts with the first request, not before, so a page paints (its sign-in
 * button) without fetching them; a request made before it is done waits for it, and one made after
 * goes out at once. A failed load is retried by the next request.
 */
export function createTransport(config: TransportConfig): Transport {
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

  const target: SendRequestTarget = {
    apiBaseUrl: config.apiBaseUrl,
    environmentId: config.environmentId,
    fetch: config.fetch,
    getJwt: config.getJwt,
    includeCredentials: config.includeCredentials,
  };
  // The request code itself (validation, headers, fetch, the answer's check) comes with the schemas: see sendRequest.
  async function send(name: RouteName, options?: UntypedRequestOptions): Promise<unknown> {
    const { routes, sendRequest } = loaded ?? (await contract());
    return sendRequest(routes, target, name, options);
  }

  return send as Transport;
}
