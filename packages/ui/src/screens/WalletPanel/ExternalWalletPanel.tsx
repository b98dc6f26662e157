import { useWalletSignIn, type LinkedWallet } from '@latchkey/headless/react/wallets';
import { useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText } from '../../styles/shared.css.js';
import { useSolanaWallet } from '@latchkey/headless/react/solana';
import { leave, SolanaScreens, sendOffersExit } from './solanaScreens.js';
import { WalletPanelView, type WalletPanelScreen } from './WalletPanelView.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';

/** The external wallet the user signed in with: reconnected silently (connect-only), it signs the transfers. */
export default function ExternalWalletPanel({ wallet }: { wallet: LinkedWallet }) {
  const t = useMessages();
  const errorText = useErrorText();
  // It only reconnects: a redirect wallet's return (a link under way) is the menu's Wallets view's to finish.
  const flow = useWalletSignIn({ mode: 'connect-only', completeMobileReturnOnMount: false });
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  // Only the wallet this account uses may sign for it.
  const signer = flow.signer?.address === wallet.address ? flow.signer : undefined;
  const solana = useSolanaWallet({ address: wallet.address, signer });
  // The credential names the wallet by its key (`phantom`); the wallet list knows its display name.
  const option = flow.wallets.find((candidate) => candidate.key === wallet.wallet_name || candidate.name === wallet.wallet_name);
  const name = option?.name ?? wallet.wallet_name ?? t('embedded.labelNoAccount');
  const reconnect =
    signer === undefined ? (
      <p className={mutedText} role="status">
        {flow.isBusy || flow.status === 'reconnecting' ? (
          <>
            <Spinner /> {t('walletPanel.connecting', { wallet: name })}
          </>
        ) : flow.signer ? (
          // Connected, but to another account: only this account's own address may sign for it.
          t('walletPanel.otherAccount', { wallet: name })
        ) : option?.installed ? (
          <button type="button" className={button.secondary} onClick={() => flow.connect(option.key)}>
            {t('walletPanel.connectToSend', { wallet: name })}
          </button>
        ) : (
          t('walletPanel.unavailable', { wallet: name })
        )}
      </p>
    ) : null;
  return (
    <WalletPanelView
      label={name}
      address={wallet.address}
      screen={screen}
      onScreen={leave(solana, setScreen)}
      canSend={signer !== undefined && solana.isConnected}
      canShowActivity={solana.isConnected}
      showBack={!sendOffersExit(screen, solana)}
    >
      <SolanaScreens
        solana={solana}
        screen={screen}
        onScreen={setScreen}
        extra={
          <>
            {reconnect}
            <ErrorMessage>{flow.status === 'failed' ? errorText(flow.error) : undefined}</ErrorMessage>
          </>
        }
      />
    </WalletPanelView>
  );
}
