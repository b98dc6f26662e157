import { createContext, useContext } from 'react';

/**
 * Where the host's embedded wallets live: the custody provider's base URL, and the app name its pages show
 * (default: the project's display name). Given to `LatchkeyUIProvider` as `embeddedWallet`; without it the kit
 * offers no embedded wallet.
 */
export interface EmbeddedWalletOptions {
  baseUrl: string;
  appName?: string | undefined;
}

export const EmbeddedWalletOptionsContext = createContext<EmbeddedWalletOptions | undefined>(undefined);

export const useEmbeddedWalletOptions = () => useContext(EmbeddedWalletOptionsContext);

/** Whether the project gives users embedded Solana wallets (`sdk.embeddedWallets.chainConfigurations`). */
export function embeddedWalletsEnabled(settings: { sdk?: { embeddedWallets?: { chainConfigurations?: readonly { name: string; enabled: boolean }[] | undefined } | undefined } | undefined } | undefined): boolean {
  return settings?.sdk?.embeddedWallets?.chainConfigurations?.some((chain) => chain.name === 'SOL' && chain.enabled) === true;
}
