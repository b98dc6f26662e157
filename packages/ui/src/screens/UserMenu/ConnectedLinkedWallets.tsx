import { useWallets, useWalletSignIn } from '@latchkey/headless/react/wallets';
import { LinkedWallets } from './LinkedWallets.js';

/** The user menu's wallets, wired: `useWallets()` for the list and `useWalletSignIn()` to link another. */
export function ConnectedLinkedWallets() {
  const linked = useWallets();
  const linkFlow = useWalletSignIn();
  if (linked.wallets.length === 0 && !linked.canLinkMore) return null;
  return (
    <LinkedWallets
      wallets={linked.wallets}
      busy={linked.status !== 'idle'}
      error={linked.error}
      canLinkMore={linked.canLinkMore}
      canUnlink={linked.canUnlink}
      linkFlow={linkFlow}
      known={linkFlow.wallets}
      onMakePrimary={(walletId) => linked.switchPrimary(walletId)}
      onUnlink={(walletId) => linked.unlink(walletId)}
    />
  );
}
