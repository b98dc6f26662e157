import { createAnalytics, type Analytics, type AnalyticsConfig } from '../analytics/createAnalytics.js';
import type { LatchkeyEvents } from './createEmitter.js';
import { CALLBACK_EVENTS, type LatchkeyEventCallbacks } from './eventCallbacks.js';

export interface ClientEventsConfig {
  callbacks?: LatchkeyEventCallbacks | undefined;
  /** The analytics queue's configuration; without it, no analytics (the host opted out). */
  analytics?: AnalyticsConfig | undefined;
  /** Told when a host callback throws (it does not stop the others). */
  onCallbackError: (error: unknown, type: keyof LatchkeyEvents) => void;
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
export function createClientEvents(config: ClientEventsConfig): ClientEvents {
  const analytics: Analytics | undefined = config.analytics ? createAnalytics(config.analytics) : undefined;
  return {
    deliver(type, payload) {
      const name = callbackOf[type];
      const callback = name ? (config.callbacks?.[name] as ((event: LatchkeyEvents[typeof type]) => void) | undefined) : undefined;
      try {
        callback?.(payload);
      } catch (error) {
        config.onCallbackError(error, type);
      }
      analytics?.track(type, payload);
    },
    dispose: () => analytics?.dispose() ?? Promise.resolve(),
  };
}
