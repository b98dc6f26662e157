import { createContext, useContext } from 'react';

/**
 * Where the host's embedded wallets live: the custody provider's base URL, and the app name its pages show
 * (default: the project's display name). Given to `LatchkeyProvider` as `embeddedWallet`; without it the kit
 * offers no embedded wallet.
 */
export interface EmbeddedWalletOptions {
  baseUrl: string;
  appName?: string | undefined;
}

export const EmbeddedWalletOptionsContext = createContext<EmbeddedWalletOptions | undefined>(undefined);

export const useEmbeddedWalletOptions = () => useContext(EmbeddedWalletOptionsContext);
