import { embeddedAccountOf } from '@latchkey/headless/embedded';
import { useLatchkey, useSession } from '@latchkey/headless/react';
import { useWallets } from '@latchkey/headless/react/wallets';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { embeddedWalletsEnabled, useEmbeddedWalletOptions } from '../../LatchkeyProvider/embeddedWalletConfig.js';

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
  const { settings } = useLatchkey();
  const { user } = useSession();
  const { primaryWallet } = useWallets();
  const options = useEmbeddedWalletOptions();
  const embeddedEnabled = embeddedWalletsEnabled(settings);
  const embedded = embeddedAccountOf(user ?? undefined);
  const primaryIsEmbedded = primaryWallet === undefined || (embedded !== undefined && primaryWallet.id === embedded.id);
  if (options && primaryIsEmbedded && (embedded || embeddedEnabled)) return <EmbeddedWallet options={options} />;
  if (primaryWallet && !primaryIsEmbedded) return <ExternalWalletPanel wallet={primaryWallet} />;
  return null;
}
