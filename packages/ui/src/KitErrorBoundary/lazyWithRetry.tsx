import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` that can try again: React keeps a lazy component's rejected load for good, so one offline click would
 * leave the part broken until the page reloads. Here a failed load is forgotten — the next render (a Retry in
 * `KitErrorBoundary`, the next click) imports again, and browsers fetch a failed module again on a new `import()`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyWithRetry<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  let current: LazyExoticComponent<C>;
  const attempt = (): Promise<{ default: C }> =>
    load().catch((error: unknown): never => {
      current = lazy(attempt);
      throw error;
    });
  current = lazy(attempt);
  function Lazy(props: ComponentProps<C>) {
    const Current = current as ComponentType<ComponentProps<C>>;
    return <Current {...props} />;
  }
  return Lazy;
}
