import { RETRY_DEFAULT_RETRIES, RETRY_DEFAULT_TIMEOUT_MS } from '@latchkey/protocol/constants';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { Timers } from '../logger/createLogger.js';

export interface RetryOptions {
  /** Retries after the first try (so `retries + 1` tries in all). Default `RETRY_DEFAULT_RETRIES` (3, SPEC §9). */
  retries?: number;
  /** How long one try may take before it counts as failed with 'Timeout'. Default `RETRY_DEFAULT_TIMEOUT_MS` (100 ms, SPEC §9). */
  timeoutMs?: number;
  /** The wait between a failed try and the next one. Default 0. */
  delayMs?: number;
  /** Whether a failure is worth another try (default: every one). One that is not ends the retries with that error. */
  shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Timers for the timeout and the delay, e.g. a simulated clock in tests (xstate's `SimulatedClock` fits). */
  timers?: Timers;
  /** Aborts the try under way and the retries: the promise rejects with `aborted`. */
  signal?: AbortSignal;
}

export interface RetryAttempt {
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when this try timed out or the whole retry was aborted: a try passes it on to its fetch. */
  signal: AbortSignal;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The generic retry helper of SPEC §9: runs `task` up to `retries + 1` times (default 3 retries), each try limited to
 * `timeoutMs` (default 100 ms; a try that takes longer is aborted and fails with 'Timeout'), `delayMs` apart. The
 * first success wins; when every try has failed it rejects with 'Max retries reached' (`max_retries_reached`), the
 * last failure as its `cause`. Bounded: at most `retries + 1` tries, each ended by its timer.
 */
export async function retry<T>(task: (attempt: RetryAttempt) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = Math.max(0, Math.floor(options.retries ?? RETRY_DEFAULT_RETRIES));
  const timeoutMs = options.timeoutMs ?? RETRY_DEFAULT_TIMEOUT_MS;
  const timers = options.timers ?? globalTimers;
  const { signal } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= retries + 1; attempt += 1) {
    if (signal?.aborted) throw new LatchkeyError('aborted', { cause: signal.reason });
    try {
      return await tryOnce(task, attempt, timeoutMs, timers, signal);
    } catch (error) {
      lastError = error;
      if (signal?.aborted) throw new LatchkeyError('aborted', { cause: error });
      if (options.shouldRetry && !options.shouldRetry(error, attempt)) throw error;
    }
    if (attempt <= retries && options.delayMs) await sleep(options.delayMs, timers, signal);
  }
  throw new LatchkeyError('max_retries_reached', { cause: lastError });
}

function tryOnce<T>(task: (attempt: RetryAttempt) => Promise<T>, attempt: number, timeoutMs: number, timers: Timers, outer: AbortSignal | undefined): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const end = (error: LatchkeyError) => {
      settle();
      controller.abort(error);
      reject(error);
    };
    const onAbort = () => end(new LatchkeyError('aborted', { cause: outer?.reason }));
    const timer = timers.setTimeout(() => end(new LatchkeyError('timeout')), timeoutMs);
    function settle(): void {
      timers.clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
    outer?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(() => task({ attempt, signal: controller.signal }))
      .then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
  });
}

function sleep(ms: number, timers: Timers, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      timers.clearTimeout(timer);
      reject(new LatchkeyError('aborted', { cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
