import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const getSnapshot = (): boolean => media()?.matches ?? false;
const getServerSnapshot = (): boolean => false;

/**
 * Whether the user's system asks for a dark colour scheme, kept current while it changes.
 * `false` on the server and where `matchMedia` is missing. Subscribes only when `enabled`.
 */
export function usePrefersDark(enabled: boolean): boolean {
  return useSyncExternalStore(enabled ? subscribe : noSubscribe, enabled ? getSnapshot : never, getServerSnapshot);
}

const noSubscribe = (): (() => void) => () => {};
const never = (): boolean => false;
