import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * False on the server and during hydration, true afterwards (and from the first render of a tree that is not
 * hydrated). Hooks that read live client state show the server's value until this turns true, so the first
 * client render matches the server's HTML and React never has to throw it away (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
