import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

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

/**
 * `React.lazy` that can try again: React keeps a lazy component's rejected load for good, so one offline click would
 * leave the part broken until the page reloads. Here a failed load is forgotten at the next `retryFailedLoads()` —
 * the next render then imports again, and browsers fetch a failed module again on a new `import()`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyWithRetry<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  let current: LazyExoticComponent<C>;
  const attempt = (): Promise<{ default: C }> =>
    load().catch((error: unknown): never => {
      failedLoads.add(() => {
        current = lazy(attempt);
      });
      throw error;
    });
  current = lazy(attempt);
  function Lazy(props: ComponentProps<C>) {
    const Current = current as ComponentType<ComponentProps<C>>;
    return <Current {...props} />;
  }
  return Lazy;
}
