/**
 * How long one request to the product API or the custody provider may take, answer read in full: past it the request
 * is aborted and fails with `timeout` ('Timeout'), so no flow waits on a server that never answers (a spinner that
 * never ends). The catalogue's fetch has its own (SPEC §10: 30000 ms a try); this is the same bound.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** A signal for one request: aborted by the caller's `signal`, or at the deadline with a `TimeoutError`. */
export interface RequestDeadline {
  readonly signal: AbortSignal;
  /**
   * `step`, or its rejection with the abort's reason as soon as the signal aborts — even where the fetch in use (a
   * test double, an older engine) does not heed its signal.
   */
  race<T>(step: Promise<T>): Promise<T>;
  /** Stops the clock (the answer is read in full, or the request failed). */
  clear(): void;
}

export function requestDeadline(timeoutMs: number = REQUEST_TIMEOUT_MS, callerSignal?: AbortSignal): RequestDeadline {
  const controller = new AbortController();
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    const signal = controller.signal;
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  return {
    signal: controller.signal,
    race: (step) => Promise.race([step, aborted]),
    clear() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}
