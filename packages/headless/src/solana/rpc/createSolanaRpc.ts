import { fetchText, REQUEST_TIMEOUT_MS } from '../../core/transport/requestDeadline.js';

/** What a Solana node answered instead of a result (a JSON-RPC error object): its code, message and data. */
export class SolanaRpcError extends Error {
  override readonly name = 'SolanaRpcError';
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${message}`);
  }
}

/** A Solana node's JSON-RPC over HTTP, as the kit reads and sends with it. */
export interface SolanaRpc {
  /** The node's URL. */
  readonly url: string;
  /** One call; resolves to its `result`. Rejects with `SolanaRpcError` (the node's error), or what `fetch` threw. */
  call<T>(method: string, params?: readonly unknown[], options?: { signal?: AbortSignal }): Promise<T>;
  /** Several calls in one request (a JSON-RPC batch); the results in order. Rejects on the first error among them. */
  batch<T>(calls: ReadonlyArray<readonly [method: string, params?: readonly unknown[]]>, options?: { signal?: AbortSignal }): Promise<T[]>;
}

export interface CreateSolanaRpcParameters {
  /** The node's JSON-RPC URL (a network's `rpcUrlOf`). */
  url: string;
  fetch?: typeof fetch;
  /** Waits between retries of a rate-limited (429) request; default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
  /** How long one request may take, its answer read in full (default `REQUEST_TIMEOUT_MS`, 30 s); past it: `TimeoutError`. */
  timeoutMs?: number;
}

/** Retries of a request the node answered 429 (Too many requests), as web3.js does: after 500, 1000, 2000, 4000 ms. */
const RATE_LIMIT_RETRIES = 4;
const FIRST_RATE_LIMIT_WAIT_MS = 500;

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

/**
 * A small JSON-RPC 2.0 client for a Solana node (POST with a JSON body, batches as arrays): what the wallet panel's
 * balances and activity and the transfer need, without @solana/web3.js's `Connection` (its schemas, websocket and
 * RPC libraries). A node's error answer is a `SolanaRpcError`; a non-2xx answer an `Error` with its status and text;
 * a rate-limited request (429) is sent again up to 4 times, waiting 500 ms, then twice as long each time. Each request,
 * its answer read in full, is bounded (`timeoutMs`): a node that never answers fails it with a `TimeoutError`.
 */
export function createSolanaRpc({
  url,
  fetch: doFetch = globalThis.fetch,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timeoutMs = REQUEST_TIMEOUT_MS,
}: CreateSolanaRpcParameters): SolanaRpc {
  let nextId = 1;

  async function post(body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const send = () => fetchText(doFetch, url, init, { timeoutMs, signal });
    let { response, text } = await send();
    for (let retry = 0, wait = FIRST_RATE_LIMIT_WAIT_MS; response.status === 429 && retry < RATE_LIMIT_RETRIES; retry++, wait *= 2) {
      await sleep(wait);
      ({ response, text } = await send());
    }
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${text}`);
    return JSON.parse(text) as unknown;
  }

  const resultOf = (method: string, answer: RpcAnswer | undefined): unknown => {
    if (!answer || typeof answer !== 'object') throw new SolanaRpcError(method, -32603, 'the node sent no answer for this call');
    if (answer.error) {
      const { code, message, data } = answer.error;
      throw new SolanaRpcError(method, typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'unknown error', data);
    }
    return answer.result;
  };

  return {
    url,
    async call<T>(method: string, params: readonly unknown[] = [], options: { signal?: AbortSignal } = {}) {
      const answer = (await post({ jsonrpc: '2.0', id: nextId++, method, params }, options.signal)) as RpcAnswer;
      return resultOf(method, answer) as T;
    },
    async batch<T>(calls: ReadonlyArray<readonly [string, (readonly unknown[])?]>, options: { signal?: AbortSignal } = {}) {
      if (calls.length === 0) return [];
      const requests = calls.map(([method, params = []]) => ({ jsonrpc: '2.0', id: nextId++, method, params }));
      const answers = await post(requests, options.signal);
      // A batch refused whole comes back as one error answer.
      if (!Array.isArray(answers)) resultOf(calls[0]![0], answers as RpcAnswer);
      const byId = new Map<unknown, RpcAnswer>(Array.isArray(answers) ? (answers as RpcAnswer[]).map((answer) => [answer?.id, answer]) : []);
      return requests.map((request) => resultOf(request.method, byId.get(request.id)) as T);
    },
  };
}
