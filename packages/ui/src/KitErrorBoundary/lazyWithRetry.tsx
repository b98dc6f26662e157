import { lazy, useState, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * An `import()` of one of the UI kit's chunks, made only while the browser is online: offline it fetches nothing and
 * rejects with a `TypeError`, as a failed `import()` does. Some browsers keep a module whose fetch failed failed for
 * the page's life (the headless kit's `importWhenOnline`, which this mirrors, says which and why); the UI kit keeps
 * its own copy because importing that one from here would pull the headless provider's barrel into every lazy chunk.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.reject(new TypeError('Offline: the code was not fetched.'));
  return load();
}

/** Resets of the lazy components whose code failed to load (chunks are per page, as the lazy components are). */
const failedLoads = new Set<() => void>();

/**
 * Lets every lazy component whose code failed to load try again on its next render. `KitErrorBoundary` calls it on
 * Retry and when its `resetKey` changes; nothing else does, so a failure reaches the boundary once instead of being
 * retried in a loop while offline.
 */
export function retryFailedLoads(): void {
  const resets = [...failedLoads];
  failedLoads.clear();
  for (const reset of resets) reset();
}

/** A lazy component that can also be fetched ahead of its first render. */
export type LazyWithRetry<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & { // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Fetches the code now (hover, focus, pointerdown); a render after it has arrived does not suspend. */
  preload(): Promise<void>;
  /** Whether the code has arrived: a render now shows the component at once. */
  isReady(): boolean;
};

/**
 * `React.lazy` that can try again: React keeps a lazy component's rejected load for good, so one offline click would
 * leave the part broken until the page reloads. Here a failed load is forgotten at the next `retryFailedLoads()` —
 * the next render then imports again. While the browser is offline nothing is imported at all (`importWhenOnline`):
 * some browsers keep a module whose fetch failed failed for the page's life.
 * Once the code has arrived (a `preload()` or an earlier render), a newly mounted one renders the component itself,
 * not `React.lazy`: nothing suspends, so React 19's throttle of a Suspense boundary's reveal (~300 ms) never applies.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyWithRetry<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyWithRetry<C> {
  let current: LazyExoticComponent<C>;
  let loaded: C | undefined;
  const attempt = (): Promise<{ default: C }> =>
    importWhenOnline(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown): never => {
        failedLoads.add(() => {
          current = lazy(attempt);
        });
        throw error;
      },
    );
  current = lazy(attempt);
  function Lazy(props: ComponentProps<C>) {
    // Chosen once per mount: swapping the component type later would remount it and lose its state.
    const [Ready] = useState(() => loaded);
    const Current = (Ready ?? current) as ComponentType<ComponentProps<C>>;
    return <Current {...props} />;
  }
  return Object.assign(Lazy, {
    preload: () => (loaded ? Promise.resolve() : attempt().then(() => undefined)),
    isReady: () => loaded !== undefined,
  });
}
