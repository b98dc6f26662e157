// @latchkey/ui/solana — the user menu's Solana wallet panel (network, balances, send; the embedded wallet's create,
// unlock, export and recovery). Its own entry because it needs @solana/web3.js and @solana/spl-token (optional peer
// dependencies): a host that shows wallets installs them and passes `walletPanel={<SolanaWalletPanel />}` to
// `LatchkeyUIProvider`; any other host's bundle never references Solana.
import { lazyWithRetry } from './KitErrorBoundary/lazyWithRetry.js';

const loadPanel = () => import('./screens/WalletPanel/ConnectedWalletPanel.js');

const Panel = lazyWithRetry(() => loadPanel().then((module) => ({ default: module.ConnectedWalletPanel })));

/**
 * The wallet panel, loaded when the user menu first shows it (with web3.js and that wallet's own code). Its `Preload`
 * (which renders nothing) fetches that code ahead: the user menu mounts it once the page is idle after signing in.
 */
export const SolanaWalletPanel = Object.assign(Panel, {
  Preload: lazyWithRetry(() => Panel.preload().then(loadPanel).then((module) => ({ default: module.WalletPanelPreload }))),
});
