import type { Emitter, LatchkeyEvents } from '../events/createEmitter.js';
import { createCookieStorage } from './createCookieStorage.js';
import { createLocalStorage } from './createLocalStorage.js';
import type { StorageAdapter } from './StorageAdapter.js';

export type StorageOption = 'localstorage' | 'cookie' | StorageAdapter;

/** How a stored value is checked: a zod schema fits, and so does a small hand-written guard. */
export interface ValueParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** JSON values under the client's namespace, each read through a schema. */
export interface Store {
  /** The value, or undefined when absent; a value that fails to parse or to validate is deleted. */
  get<T>(key: string, parser: ValueParser<T>): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** The adapter's key for `key` (with the namespace). */
  keyFor(key: string): string;
}

export interface StoreConfig {
  adapter: StorageAdapter;
  /** Prefix that keeps two clients (or environments) apart, e.g. `latchkey:<environmentId>:`. */
  namespace: string;
  events: Pick<Emitter<LatchkeyEvents>, 'emit'>;
}

/** The adapter behind a storage option: local storage by default (SPEC §9), a cookie, or the host's own. */
export function resolveStorageAdapter(option: StorageOption | undefined): StorageAdapter {
  if (option === undefined || option === 'localstorage') return createLocalStorage();
  if (option === 'cookie') return createCookieStorage();
  return option;
}

/** SPEC §4: a stored value that fails to parse is deleted and a parse-failure event is emitted. */
export function createStore(config: StoreConfig): Store {
  const keyFor = (key: string): string => `${config.namespace}${key}`;

  return {
    keyFor,
    get(key, parser) {
      const fullKey = keyFor(key);
      const raw = config.adapter.getItem(fullKey);
      if (raw === null) return undefined;
      let error: unknown;
      try {
        const parsed = parser.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
        error = parsed.error;
      } catch (jsonError) {
        error = jsonError;
      }
      config.adapter.removeItem(fullKey);
      config.events.emit('storage.parseFailed', { key: fullKey, error });
      return undefined;
    },
    set(key, value) {
      config.adapter.setItem(keyFor(key), JSON.stringify(value));
    },
    remove(key) {
      config.adapter.removeItem(keyFor(key));
    },
  };
}
