import { useMobileWallet, type UseMobileWalletParameters } from '@latchkey/headless/react/mobile';
import type { ReactNode } from 'react';
import { MobileWalletView } from './MobileWalletView.js';

export interface MobileWalletProps extends UseMobileWalletParameters {
  /** The message "Sign a message" asks the wallet to sign. */
  message?: string;
  showBrowseLink?: boolean;
}

/**
 * A mobile redirect wallet block: `useMobileWallet` (it finishes the wallet's return when the page comes back) and
 * its view. Give it the wallet's links from the catalogue.
 */
export function MobileWallet({ message, showBrowseLink, ...parameters }: MobileWalletProps) {
  const flow = useMobileWallet(parameters);
  return <MobileWalletView flow={flow} message={message} showBrowseLink={showBrowseLink} />;
}

export interface MobileWalletCustomProps extends UseMobileWalletParameters {
  /** Your own markup for the flow, from the same view model the kit's block uses. */
  children: (flow: ReturnType<typeof useMobileWallet>) => ReactNode;
}

/** `<MobileWallet.Custom wallet={…}>{(flow) => …}</MobileWallet.Custom>`: the flow with your own markup. */
function MobileWalletCustom({ children, ...parameters }: MobileWalletCustomProps) {
  return <>{children(useMobileWallet(parameters))}</>;
}

MobileWallet.Custom = MobileWalletCustom;
