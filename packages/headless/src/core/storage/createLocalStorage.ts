import { createMemoryStorage } from './createMemoryStorage.js';
import type { StorageAdapter } from './StorageAdapter.js';

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : (window.localStorage ?? undefined);
  } catch {
    // Access can throw (storage disabled, sandboxed frames).
    return undefined;
  }
}

/**
 * The browser's local storage, looked up on every call (never at import time), so the same
 * client works during server render; where there is none, values live in memory.
 */
export function createLocalStorage(): StorageAdapter {
  const fallback = createMemoryStorage();
  return {
    getItem: (key) => (browserStorage() ?? fallback).getItem(key),
    setItem: (key, value) => {
      const storage = browserStorage();
      try {
        (storage ?? fallback).setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: keep the value for this page.
        fallback.setItem(key, value);
      }
    },
    removeItem: (key) => {
      browserStorage()?.removeItem(key);
      fallback.removeItem(key);
    },
  };
}
