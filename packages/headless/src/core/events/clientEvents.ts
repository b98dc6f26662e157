import { createAnalytics, type Analytics } from '../analytics/createAnalytics.js';
import type { Logger, Timers } from '../logger/createLogger.js';
import type { Store } from '../storage/createStore.js';
import type { Transport } from '../transport/createTransport.js';
import type { LatchkeyEvents } from './createEmitter.js';
import { CALLBACK_EVENTS, type LatchkeyEventCallbacks } from './eventCallbacks.js';

export interface ClientEventsConfig {
  /** The client's configuration: `callbacks`, `analytics` (false: the host opted out), `analyticsFlushIntervalMs`, `timers`. */
  config: { callbacks?: LatchkeyEventCallbacks | undefined; analytics?: boolean | undefined; analyticsFlushIntervalMs?: number | undefined; timers?: Timers | undefined };
  /** The raw transport: POST /events (not logged, no lifecycle moments). */
  transport: Transport;
  storage: Store;
  logger: Pick<Logger, 'debug' | 'error'>;
}

export interface ClientEvents {
  /** Hands one client event to the host's callback for it and to the analytics queue. */
  deliver<K extends keyof LatchkeyEvents>(type: K, payload: LatchkeyEvents[K]): void;
  /** Sends the queued analytics events and stops their timer and page watch. */
  dispose(): Promise<void>;
}

const callbackOf = Object.fromEntries(Object.entries(CALLBACK_EVENTS).map(([name, type]) => [type, name])) as Partial<Record<keyof LatchkeyEvents, keyof LatchkeyEventCallbacks>>;

/**
 * What a client does with its events besides its own listeners: the host callbacks (`createLatchkeyClient({
 * callbacks })`) and the analytics events. A chunk of its own, loaded on the first event, so a page that paints its
 * sign-in button carries none of it; the client keeps the events that come before it loads and hands them over in order.
 */
export function createClientEvents({ config, transport, storage, logger }: ClientEventsConfig): ClientEvents {
  const analytics: Analytics | undefined =
    config.analytics === false
      ? undefined
      : createAnalytics({
          send: (events, keepalive) => transport('postEvent', { body: { events }, keepalive }),
          storage,
          ...(config.timers ? { timers: config.timers } : {}),
          flushIntervalMs: config.analyticsFlushIntervalMs,
          onDropped: (error) => logger.debug('Analytics events were refused', { error }),
        });
  return {
    deliver(type, payload) {
      const name = callbackOf[type];
      const callback = name ? (config.callbacks?.[name] as ((event: LatchkeyEvents[typeof type]) => void) | undefined) : undefined;
      try {
        callback?.(payload);
      } catch (error) {
        logger.error(`A callback for ${String(type)} threw`, { error });
      }
      analytics?.track(type, payload);
    },
    dispose: () => analytics?.dispose() ?? Promise.resolve(),
  };
}
