import type { RouteDefinition, RouteName, Routes } from '@latchkey/protocol';
import { API_PATH_PREFIX, API_VERSION, API_VERSION_HEADER, KIT_VERSION, KIT_VERSION_HEADER } from '@latchkey/protocol/constants';
import { buildRoutePath, sdkBasePath } from '@latchkey/protocol/routePath';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { describeIssues } from '../errors/toLatchkeyError.js';
import { fetchText } from './requestDeadline.js';
import { toQueryString } from './toQueryString.js';

/** A request as `createTransport` hands it over: untyped here, typed by `Transport` at the call site. */
export interface UntypedRequestOptions {
  jwt?: string;
  signal?: AbortSignal;
  keepalive?: boolean;
  body?: unknown;
  query?: unknown;
  params?: Readonly<Record<string, string>>;
}

/** What `sendRequest` needs of the transport's configuration. */
export interface SendRequestTarget {
  /** The API origin, without the `/api/v0` suffix. */
  apiBaseUrl: string;
  environmentId: string;
  fetch?: typeof fetch | undefined;
  /** How long a request may take, answer read in full (default `REQUEST_TIMEOUT_MS`); past it: `timeout`. */
  timeoutMs?: number | undefined;
  getJwt?: (() => string | undefined | Promise<string | undefined>) | undefined;
  includeCredentials?: boolean | (() => boolean) | undefined;
}

/**
 * One product API request (see `createTransport`): validates the request against the route's schema, sends it with
 * the version headers (and the bearer token or credentials the route needs), throws a non-2xx `Response` as is, and
 * validates a 2xx answer. The whole exchange, the answer's body included, is bounded (`timeoutMs`): a server that
 * never answers, or stops halfway through its body, fails the request with a `TimeoutError` (`timeout`). It travels with the route table (the contract chunk), so the first paint carries none of it.
 */
export async function sendRequest(routes: Routes, target: SendRequestTarget, name: RouteName, options: UntypedRequestOptions = {}): Promise<unknown> {
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
  const credentials = typeof target.includeCredentials === 'function' ? target.includeCredentials() : target.includeCredentials === true;
  if (route.bearer) {
    const jwt = options.jwt ?? (await target.getJwt?.());
    if (jwt) headers.authorization = `Bearer ${jwt}`;
    else if (!credentials) throw new LatchkeyError('unauthorized', { message: 'This request needs a signed-in session.' });
  }
  const init: RequestInit = { method: route.method, headers };
  if (!isGet && checked.data !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(checked.data);
  }
  if (credentials) init.credentials = 'include';
  if (options.keepalive) init.keepalive = true;

  const base = `${target.apiBaseUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${sdkBasePath(target.environmentId)}`;
  const doFetch = target.fetch ?? globalThis.fetch;
  const { response, text } = await fetchText(doFetch, `${base}${path}${isGet ? toQueryString(options.query) : ''}`, init, {
    timeoutMs: target.timeoutMs,
    signal: options.signal,
  });
  // A refusal is thrown as a Response (its body read already, within the deadline) for the error layer to read.
  if (!response.ok) throw new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });

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
