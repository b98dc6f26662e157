import { usePrimaryWallet } from '@latchkey/headless/react/wallets';
import { useEffect } from 'react';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { useEmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';

// Each kind of wallet loads its own code: an external-wallet user never downloads the custody client (HPKE,
// stampers), an embedded-wallet user never downloads wallet-standard discovery. Both share web3.js.
const EmbeddedWallet = lazyWithRetry(() => import('../../flows/EmbeddedWallet/EmbeddedWallet.js'));
const ExternalWalletPanel = lazyWithRetry(() => import('./ExternalWalletPanel.js'));
const MpcWallet = lazyWithRetry(() => import('../../flows/MpcWallet/MpcWallet.js'));

/**
 * The user menu's wallet: the primary wallet's network, balances and send flow, signed by that wallet —
 * the MPC wallet (FROST key shares, when the project enables `sdk.waas`), the embedded wallet through custody (created here when the project enables embedded wallets and the host
 * configured `embeddedWallet`), or the external wallet it signed in with, reconnected silently.
 * This chooser is small; the panel it picks loads on demand, with @solana/web3.js and that wallet's own code.
 */
export function ConnectedWalletPanel() {
  const options = useEmbeddedWalletOptions();
  const primary = usePrimaryWallet({ embeddedWalletsConfigured: options !== undefined });
  if (primary.kind === 'mpc' && options) return <MpcWallet options={options} />;
  if (primary.kind === 'embedded' && options) return <EmbeddedWallet options={options} />;
  if (primary.kind === 'external' && primary.wallet) return <ExternalWalletPanel wallet={primary.wallet} />;
  return null;
}

/**
 * Renders nothing: fetches the code of the panel `ConnectedWalletPanel` would pick for this user, so that the menu
 * opens with its wallet in place instead of a 'Loading…' line that pushes the rows under it down (`SolanaWalletPanel.Preload`).
 */
export function WalletPanelPreload() {
  const options = useEmbeddedWalletOptions();
  const { kind, wallet } = usePrimaryWallet({ embeddedWalletsConfigured: options !== undefined });
  const panel = kind === 'mpc' && options ? MpcWallet : kind === 'embedded' && options ? EmbeddedWallet : kind === 'external' && wallet ? ExternalWalletPanel : undefined;
  useEffect(() => {
    // A failed fetch (offline) is not an error here: opening the menu fetches again and says so.
    panel?.preload().catch(() => undefined);
  }, [panel]);
  return null;
}
