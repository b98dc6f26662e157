import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';

/** The registry part the kit reads (`@wallet-standard/app`'s `getWallets()`; tests pass their own). */
export interface WalletRegistry {
  get(): readonly Wallet[];
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void;
}

/**
 * Calls `listener` with every registered wallet now and again whenever a wallet registers (late registration
 * included) or unregisters. Returns the unsubscribe function.
 */
export function watchRegisteredWallets(listener: (wallets: readonly Wallet[]) => void, registry: WalletRegistry = getWallets()): () => void {
  listener(registry.get());
  const offRegister = registry.on('register', () => listener(registry.get()));
  const offUnregister = registry.on('unregister', () => listener(registry.get()));
  return () => {
    offRegister();
    offUnregister();
  };
}

/** The wallets registered now; none where there is no page (server rendering). */
export function currentWallets(registry?: WalletRegistry): readonly Wallet[] {
  if (!registry && typeof window === 'undefined') return [];
  return (registry ?? getWallets()).get();
}
