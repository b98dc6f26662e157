import { useLatchkey } from '@latchkey/headless/react';
import { preloadSolanaTransfer, type UseSolanaWalletReturnType } from '@latchkey/headless/react/solana';
import { useEffect, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { button } from '../../styles/shared.css.js';
import { NetworkPicker } from './NetworkPicker.js';
import { SolanaBalances } from './SolanaBalances.js';
import { SendTransactionView } from '../../flows/SendTransaction/SendTransactionView.js';
import { ReceiveView } from './ReceiveView.js';
import { ConnectedActivity } from './ConnectedActivity.js';
import { usePanelAddress, type WalletPanelScreen } from './WalletPanelView.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { useUserMenu } from '../UserMenu/userMenuContext.js';

// The Solana part both wallet panels share: the network, its balances and the send flow (`useSolanaWallet`).

export type SolanaWallet = UseSolanaWalletReturnType;

/** The project's selector settings (SPEC §2) apply to the network picker unless their `type` names another selector. */
function networkSelector(settings: ReturnType<typeof useLatchkey>['settings']) {
  const selector = settings?.design?.selector;
  return selector && (selector.type === undefined || selector.type === 'network') ? selector : undefined;
}

/** The send screen has its own exits once a transfer is under review or over (Cancel, Done, Close). */
export const sendOffersExit = (screen: WalletPanelScreen, solana: SolanaWallet) => screen === 'send' && !solana.send.isComposing;

/** Leaving a screen: an unfinished form's error does not wait for the user's return. */
export const leave = (solana: SolanaWallet, setScreen: (screen: WalletPanelScreen) => void) => (screen: WalletPanelScreen) => {
  if (screen === 'home' && solana.send.status === 'invalid') solana.send.reset();
  setScreen(screen);
};

/** Home (network and balances) and send screens, shared by both kinds of wallet. */
export function SolanaScreens({ solana, screen, onScreen, extra }: { solana: SolanaWallet; screen: WalletPanelScreen; onScreen: (screen: WalletPanelScreen) => void; extra?: ReactNode }) {
  const { settings } = useLatchkey();
  const { networks, balances, send } = solana;
  const selector = networkSelector(settings);
  const address = usePanelAddress();
  const networkName = networks.selected ? (networks.selected.vanityName ?? networks.selected.name) : undefined;
  // The menu's header names the network the panel shows.
  const report = useUserMenu()?.reportNetwork;
  useEffect(() => {
    report?.(networkName);
  }, [report, networkName]);
  // The transfer's code (web3.js, spl-token) comes when the user opens Send, while the form is filled in.
  const sending = screen === 'send';
  useEffect(() => {
    if (sending) preloadSolanaTransfer().catch(() => undefined);
  }, [sending]);
  const t = useMessages();
  const errorText = useErrorText();
  if (screen === 'receive' && address) return <ReceiveView address={address} network={networkName} />;
  if (screen === 'activity' && address) return <ConnectedActivity solana={solana} address={address} />;
  if (screen === 'send') {
    return (
      <SendTransactionView
        flow={send}
        balances={balances.balances}
        onFinished={() => {
          balances.refresh();
          onScreen('home');
        }}
      />
    );
  }
  return (
    <>
      {extra}
      <NetworkPicker
        networks={networks.networks}
        selectedId={networks.selected?.networkId}
        onSelect={(networkId) => networks.select(networkId)}
        hidden={settings?.sdk?.hideNetworkInDynamicWidget === true}
        {...(selector ? { selector } : {})}
      />
      <ErrorMessage>{errorText(networks.error)}</ErrorMessage>
      {networks.status === 'failed' ? (
        <button type="button" className={button.secondary} onClick={() => networks.reload()}>
          {t('common.retry')}
        </button>
      ) : null}
      <SolanaBalances status={balances.status} balances={balances.balances} showFiat={balances.showFiat} error={balances.error} onRefresh={balances.refresh} />
    </>
  );
}
