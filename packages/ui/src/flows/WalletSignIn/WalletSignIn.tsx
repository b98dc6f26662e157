import { useWalletSignIn, type UseWalletSignInParameters } from '@latchkey/headless/react/wallets';
import type { ReactNode } from 'react';
import { WalletSignInView, type WalletSignInViewProps } from './WalletSignInView.js';

export interface WalletSignInProps extends UseWalletSignInParameters, Omit<WalletSignInViewProps, 'flow'> {}

/**
 * Wallet sign-in on its own (no dialog): the "Connect a wallet" button, the wallet list it reveals (installed first,
 * install links for the others), connect, sign the Sign-In-With-Solana message, confirm a merge or transfer — wired to
 * `useWalletSignIn()`. With `purpose="link"` the wallet is linked to the signed-in user instead.
 */
export function WalletSignIn({ label, showWalletsButton, purpose, ...parameters }: WalletSignInProps) {
  const flow = useWalletSignIn(parameters);
  return <WalletSignInView flow={flow} label={label} showWalletsButton={showWalletsButton} {...(purpose ? { purpose } : {})} />;
}

export interface WalletSignInCustomProps extends UseWalletSignInParameters {
  /** Your own markup for the flow, from the same view model the kit's block uses. */
  children: (flow: ReturnType<typeof useWalletSignIn>) => ReactNode;
}

/** `<WalletSignIn.Custom>{(flow) => …}</WalletSignIn.Custom>`: the flow with your own markup. */
function WalletSignInCustom({ children, ...parameters }: WalletSignInCustomProps) {
  return <>{children(useWalletSignIn(parameters))}</>;
}

WalletSignIn.Custom = WalletSignInCustom;
