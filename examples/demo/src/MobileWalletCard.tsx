import { useMobileWallet } from '@latchkey/headless/react/mobile';
import { MobileWalletView } from '@latchkey/ui/flows';

const sandboxUrl = import.meta.env.LATCHKEY_SANDBOX_URL ?? 'http://127.0.0.1:4010';

/**
 * The sandbox's mobile-wallet simulator as a redirect wallet. A real host takes these links from the wallet
 * catalogue (e.g. `{ key: 'phantom', name: 'Phantom', universal: 'https://phantom.app/ul/' }`).
 */
const SANDBOX_WALLET = { key: 'simulator', name: 'Sandbox wallet', universal: `${sandboxUrl}/sandbox/mobile-wallet/ul/` };

/**
 * How a host builds on the headless API: `useMobileWallet` drives the deep-link round trips (and finishes the
 * wallet's return when the page comes back), the kit's presentational view renders its model.
 */
export default function MobileWalletCard() {
  const flow = useMobileWallet({ wallet: SANDBOX_WALLET });
  return (
    <section className="demo-card">
      <h2>Mobile wallet</h2>
      <MobileWalletView flow={flow} message={`Sign in to Acme Rewards from your phone.\nOrigin: ${window.location.origin}`} />
    </section>
  );
}
