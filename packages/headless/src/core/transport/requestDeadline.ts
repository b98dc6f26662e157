/**
 * How long one request (to the product API, the custody provider, a Solana node, a cloud drive) may take, answer read
 * in full: past it the request is aborted and fails with a `TimeoutError`, so no flow waits on a server that never
 * answers (a spinner that never ends). The catalogue's fetch has its own (SPEC §10: 30000 ms a try); this is the same.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One request and its answer's text, both within `timeoutMs`. Rejects with a `TimeoutError` `DOMException` at the
 * deadline, with the caller's abort reason when `signal` aborts first, or with what `fetch` threw. The wait ends at the
 * deadline even where the `fetch` in use (a test double, an older engine) does not heed its signal.
 */
export async function fetchText(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<{ response: Response; text: string }> {
  const { timeoutMs = REQUEST_TIMEOUT_MS, signal: callerSignal } = options;
  const controller = new AbortController();
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const { signal } = controller;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    const response = await Promise.race([doFetch(url, { ...init, signal }), aborted]);
    return { response, text: await Promise.race([response.text(), aborted]) };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}
