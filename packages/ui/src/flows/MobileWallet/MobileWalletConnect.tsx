import { useMobileWallet, type UseMobileWalletParameters } from '@latchkey/headless/react/mobile';
import type { ReactNode } from 'react';
import { MobileWalletConnectView } from './MobileWalletConnectView.js';

export interface MobileWalletConnectProps extends UseMobileWalletParameters {
  /** The message "Sign a message" asks the wallet to sign. */
  message?: string;
  showBrowseLink?: boolean;
}

/**
 * A mobile redirect wallet block: `useMobileWallet` (it finishes the wallet's return when the page comes back) and
 * its view. Give it the wallet's links from the catalogue.
 */
export function MobileWalletConnect({ message, showBrowseLink, ...parameters }: MobileWalletConnectProps) {
  const flow = useMobileWallet(parameters);
  return <MobileWalletConnectView flow={flow} message={message} showBrowseLink={showBrowseLink} />;
}

export interface MobileWalletConnectCustomProps extends UseMobileWalletParameters {
  /** Your own markup for the flow, from the same view model the kit's block uses. */
  children: (flow: ReturnType<typeof useMobileWallet>) => ReactNode;
}

/** `<MobileWalletConnect.Custom wallet={…}>{(flow) => …}</MobileWalletConnect.Custom>`: the flow with your own markup. */
function MobileWalletConnectCustom({ children, ...parameters }: MobileWalletConnectCustomProps) {
  return <>{children(useMobileWallet(parameters))}</>;
}

MobileWalletConnect.Custom = MobileWalletConnectCustom;
