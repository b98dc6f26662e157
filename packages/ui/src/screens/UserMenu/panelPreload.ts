import { isValidElement, type ComponentType, type ReactNode } from 'react';

/** A panel component's `Preload`: a component that renders nothing and whose code, once fetched, fetches the panel's. */
export type PanelPreload = ComponentType & { preload(): Promise<void>; isReady(): boolean };

/** The `Preload` the host's wallet panel element carries on its component (as `SolanaWalletPanel` does), if any. */
export function panelPreloadOf(panel: ReactNode): PanelPreload | undefined {
  if (!isValidElement(panel) || typeof panel.type !== 'function') return undefined;
  const preload = (panel.type as { Preload?: unknown }).Preload;
  return typeof preload === 'function' && typeof (preload as Partial<PanelPreload>).preload === 'function' ? (preload as PanelPreload) : undefined;
}
