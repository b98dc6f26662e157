import type { Emitter, LatchkeyEvents } from '../events/createEmitter.js';
import { createCookieStorage } from './createCookieStorage.js';
import { createLocalStorage } from './createLocalStorage.js';
import type { StorageAdapter } from './StorageAdapter.js';
import { SECRET_RECORD_KEYS } from './secretRecordKeys.js';

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
  /**
   * Where the secret records (`SECRET_RECORD_KEYS`) live instead, when `adapter` must not hold them (a JavaScript
   * cookie). A copy of one in `adapter` (written before) is removed when the record is written or removed.
   */
  secretAdapter?: StorageAdapter;
  /** Prefix that keeps two clients (or environments) apart, e.g. `latchkey:<environmentId>:`. */
  namespace: string;
  events: Pick<Emitter<LatchkeyEvents>, 'emit'>;
}

/**
 * The adapters behind a storage option: local storage by default (SPEC §9); the host's own, for everything; or first-party
 * cookies — except the secret records, which stay in local storage (see `SECRET_RECORD_KEYS`).
 */
export function resolveStorageAdapters(option: StorageOption | undefined): Pick<StoreConfig, 'adapter' | 'secretAdapter'> {
  if (option === 'cookie') return { adapter: createCookieStorage(), secretAdapter: createLocalStorage() };
  return { adapter: option === undefined || option === 'localstorage' ? createLocalStorage() : option };
}

/** SPEC §4: a stored value that fails to parse is deleted and a parse-failure event is emitted. */
export function createStore(config: StoreConfig): Store {
  const { adapter, secretAdapter } = config;
  const keyFor = (key: string): string => `${config.namespace}${key}`;
  /** Where the record lives, and where it must not (the other adapter, if any). */
  const placesOf = (key: string): [StorageAdapter, StorageAdapter | undefined] =>
    secretAdapter && SECRET_RECORD_KEYS.includes(key) ? [secretAdapter, adapter] : [adapter, secretAdapter];

  return {
    keyFor,
    get(key, parser) {
      const fullKey = keyFor(key);
      const [place] = placesOf(key);
      const raw = place.getItem(fullKey);
      if (raw === null) return undefined;
      let error: unknown;
      try {
        const parsed = parser.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
        error = parsed.error;
      } catch (jsonError) {
        error = jsonError;
      }
      place.removeItem(fullKey);
      config.events.emit('storage.parseFailed', { key: fullKey, error });
      return undefined;
    },
    set(key, value) {
      const [place, other] = placesOf(key);
      other?.removeItem(keyFor(key));
      place.setItem(keyFor(key), JSON.stringify(value));
    },
    remove(key) {
      // Wherever it is: sign-out and disconnect find a record in either place.
      adapter.removeItem(keyFor(key));
      secretAdapter?.removeItem(keyFor(key));
    },
  };
}
