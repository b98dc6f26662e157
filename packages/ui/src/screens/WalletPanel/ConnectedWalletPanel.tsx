import { usePrimaryWallet } from '@latchkey/headless/react/wallets';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { useEmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';

// Each kind of wallet loads its own code: an external-wallet user never downloads the custody client (HPKE,
// stampers), an embedded-wallet user never downloads wallet-standard discovery. Both share web3.js.
const EmbeddedWallet = lazyWithRetry(() => import('../../flows/EmbeddedWallet/EmbeddedWallet.js'));
const ExternalWalletPanel = lazyWithRetry(() => import('./ExternalWalletPanel.js'));

/**
 * The user menu's wallet: the primary wallet's network, balances and send flow, signed by that wallet —
 * the embedded wallet through custody (created here when the project enables embedded wallets and the host
 * configured `embeddedWallet`), or the external wallet it signed in with, reconnected silently.
 * This chooser is small; the panel it picks loads on demand, with @solana/web3.js and that wallet's own code.
 */
export function ConnectedWalletPanel() {
  const options = useEmbeddedWalletOptions();
  const primary = usePrimaryWallet({ embeddedWalletsConfigured: options !== undefined });
  if (primary.kind === 'embedded' && options) return <EmbeddedWallet options={options} />;
  if (primary.kind === 'external' && primary.wallet) return <ExternalWalletPanel wallet={primary.wallet} />;
  return null;
}
