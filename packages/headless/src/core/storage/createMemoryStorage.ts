import type { StorageAdapter } from './StorageAdapter.js';

/** A storage adapter that keeps values in memory: for tests, servers, and browsers without storage. */
export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): StorageAdapter {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
