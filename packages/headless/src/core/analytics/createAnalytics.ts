import type { AnalyticsEvent } from '@latchkey/protocol';
import type { LatchkeyEvents } from '../events/createEmitter.js';
import type { Timers } from '../logger/createLogger.js';
import type { Store } from '../storage/createStore.js';
import { toAnalyticsEvent } from './toAnalyticsEvent.js';

/** Where the anonymous id lives in the client's storage. */
export const ANONYMOUS_ID_KEY = 'anonymousId';

const anonymousIdParser = {
  safeParse: (value: unknown) =>
    typeof value === 'string' && value.length > 0 && value.length <= 128
      ? { success: true as const, data: value }
      : { success: false as const, error: new Error('not an anonymous id') },
};

/** The page's lifecycle, for the last flush when it is hidden or left. Default: `document` and `window`, when present. */
export interface PageLifecycle {
  /** Calls `onHide` when the page is hidden or being unloaded; returns the function that stops watching. */
  watchHide(onHide: () => void): () => void;
}

export interface AnalyticsConfig {
  /** Sends one batch (POST /events); `keepalive` when the page is going away. */
  send(events: AnalyticsEvent[], keepalive: boolean): Promise<unknown>;
  storage: Store;
  /** Default the global timers. */
  timers?: Timers;
  /** Events per batch; a full batch is sent at once. Default 20 (at most 50, the route's limit). */
  batchSize?: number;
  /** How long a partial batch waits. Default 2000 ms. */
  flushIntervalMs?: number;
  /** Events kept while waiting or while the network is down; the oldest are dropped beyond it. Default 200. */
  maxQueue?: number;
  page?: PageLifecycle | false;
  /** Told when a batch is dropped (refused by the server or the contract). */
  onDropped?: (error: unknown) => void;
}

export interface Analytics {
  /** Queues the analytics event of a client event (the moments `toAnalyticsEvent` knows; others are ignored). */
  track<K extends keyof LatchkeyEvents>(type: K, payload: LatchkeyEvents[K]): void;
  /** Sends every queued event now. */
  flush(keepalive?: boolean): Promise<void>;
  /** Stops the timer and the page watch, and sends what is queued. */
  dispose(): Promise<void>;
}

const defaultPage: PageLifecycle = {
  watchHide(onHide) {
    if (typeof document === 'undefined' || typeof window === 'undefined') return () => undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  },
};

/**
 * The analytics events of SPEC §3 (`{ anonymousId, event, properties, type: 'track' }`, POST /events): a small queue
 * sent in batches — when it is full, after `flushIntervalMs`, and at once with `keepalive` when the page is hidden
 * or left. The anonymous id is random and kept in the client's storage; properties never carry an address, an
 * e-mail or a user id. A batch the network could not deliver goes back to the queue (bounded); one the server
 * or the contract refused is dropped. Loaded on the first client event, so the first chunk carries none of it.
 */
export function createAnalytics(config: AnalyticsConfig): Analytics {
  const batchSize = Math.min(Math.max(1, config.batchSize ?? 20), 50);
  const flushIntervalMs = config.flushIntervalMs ?? 2000;
  const maxQueue = Math.max(batchSize, config.maxQueue ?? 200);
  const timers: Timers = config.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const queue: AnalyticsEvent[] = [];
  // Batches the network could not deliver, oldest first: always older than anything in `queue` (batches are taken
  // from its front, and sent one after the other), so they go first on the next flush.
  const undelivered: AnalyticsEvent[] = [];
  let timer: unknown;
  let pending: Promise<void> = Promise.resolve();
  let anonymousId: string | undefined;
  let disposed = false;
  const stopWatching = config.page === false ? () => undefined : (config.page ?? defaultPage).watchHide(() => void flush(true));

  function getAnonymousId(): string {
    if (anonymousId) return anonymousId;
    anonymousId = config.storage.get(ANONYMOUS_ID_KEY, anonymousIdParser);
    if (!anonymousId) {
      anonymousId = globalThis.crypto.randomUUID();
      config.storage.set(ANONYMOUS_ID_KEY, anonymousId);
    }
    return anonymousId;
  }

  function clearTimer(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function arm(): void {
    if (!disposed && timer === undefined && queue.length + undelivered.length > 0) timer = timers.setTimeout(() => void flush(), flushIntervalMs);
  }

  function keepUndelivered(events: AnalyticsEvent[]): void {
    undelivered.push(...events);
    const excess = undelivered.length + queue.length - maxQueue;
    if (excess > 0) undelivered.splice(0, Math.min(excess, undelivered.length));
    arm();
  }

  // Sends the batches in order. One the network could not deliver (fetch's TypeError: offline…) goes back to the
  // front of the queue with those after it; one refused (a non-2xx answer, a batch the contract rejects) is dropped,
  // as retrying cannot help.
  async function sendInOrder(batches: AnalyticsEvent[][]): Promise<void> {
    for (const [index, batch] of batches.entries()) {
      try {
        await config.send(batch, false);
      } catch (error) {
        if (error instanceof TypeError) return keepUndelivered(batches.slice(index).flat());
        config.onDropped?.(error);
      }
    }
  }

  // Takes the queued events now (in batches), so what is queued later waits for its own flush.
  function take(): AnalyticsEvent[][] {
    const batches: AnalyticsEvent[][] = [];
    const all = [...undelivered.splice(0), ...queue.splice(0)];
    while (all.length > 0) batches.push(all.splice(0, batchSize));
    return batches;
  }

  function flush(keepalive = false): Promise<void> {
    clearTimer();
    const batches = take();
    if (keepalive) {
      // The page is going away: every request starts now (not after the ones in flight), each outliving the page.
      return Promise.all(batches.map((batch) => config.send(batch, true).catch((error: unknown) => config.onDropped?.(error)))).then(() => undefined);
    }
    pending = pending.then(() => sendInOrder(batches));
    return pending;
  }

  return {
    track(type, payload) {
      const event = toAnalyticsEvent(type, payload);
      if (!event) return;
      queue.push({ anonymousId: getAnonymousId(), type: 'track', ...event });
      const excess = undelivered.length + queue.length - maxQueue;
      if (excess > 0) undelivered.splice(0, excess);
      if (queue.length > maxQueue) queue.splice(0, queue.length - maxQueue);
      if (queue.length >= batchSize) {
        const batch = queue.splice(0, batchSize);
        pending = pending.then(() => sendInOrder([batch]));
      }
      arm();
    },
    flush,
    dispose() {
      disposed = true;
      stopWatching();
      return flush();
    },
  };
}
