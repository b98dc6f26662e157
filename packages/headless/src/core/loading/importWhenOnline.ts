/** The message of the `TypeError` a load refused offline rejects with. */
export const OFFLINE_LOAD_MESSAGE = 'Offline: the code was not fetched.';

/**
 * Runs `load` (an `import()` of one of the kit's chunks) unless the browser says it is offline; then it fetches
 * nothing and rejects with a `TypeError`, as a failed `import()` does, which `toLatchkeyError` reads as
 * `network_error`. Browsers that predate the HTML change "Don't cache HTTP errors in the module map" (Chromium 150
 * among them) keep a module whose fetch failed — and every chunk preloaded with it — failed for the page's life: one
 * `import()` made offline would break that part of the kit until a reload, however often it is tried again. A fetch
 * that fails while the browser believes it is online still poisons those browsers' module map; only a reload helps.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.reject(new TypeError(OFFLINE_LOAD_MESSAGE));
  return load();
}
