import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the user menu shows as the wallet panel: the host's `walletPanel` (e.g. `<SolanaWalletPanel />` from
 * `@latchkey/ui/solana`), or nothing. The panel needs @solana/web3.js, so it comes only from a host that imports it.
 */
export const WalletPanelContext = createContext<ReactNode>(null);

export const useWalletPanel = () => useContext(WalletPanelContext);
