import { useSolanaWallet } from '@latchkey/headless/react/solana';
import { useMpcWallet, type UseMpcWalletParameters, type UseMpcWalletReturnType } from '@latchkey/headless/react/mpc';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import type { EmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { leave, SolanaScreens, sendOffersExit } from '../../screens/WalletPanel/solanaScreens.js';
import { WalletPanelView, type WalletPanelScreen } from '../../screens/WalletPanel/WalletPanelView.js';
import type { MpcWalletScreen } from './MpcWalletModel.js';
import { MpcWalletView } from './MpcWalletView.js';

/**
 * The user's MPC wallet in the user menu: create it, restore it on a new device, back it up, reshare its key
 * shares, send with FROST signatures, export its key in the isolated frame. `options` are the host's embedded-wallet
 * options: the custody origin (export frame) and the cloud drive.
 */
export function MpcWallet({ options }: { options: EmbeddedWalletOptions }) {
  const t = useMessages();
  const errorText = useErrorText();
  const flow = useMpcWallet({ exportFrameOrigin: options.baseUrl, ...(options.cloudDriveUrl ? { cloudDriveUrl: options.cloudDriveUrl } : {}) });
  const ready = flow.account !== undefined && flow.signer !== undefined;
  const solana = useSolanaWallet({ address: ready ? flow.account?.address : undefined, signer: flow.signer });
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  const container = useRef<HTMLDivElement>(null);
  const [exportState, setExportState] = useState<'idle' | 'showing'>('idle');
  useEffect(() => {
    if (screen !== 'export') setExportState('idle');
  }, [screen]);
  const home = () => setScreen('home');
  const view: MpcWalletScreen = screen === 'backup' || screen === 'reshare' || screen === 'export' ? screen : 'home';
  return (
    <WalletPanelView
      label={t('mpc.label')}
      address={flow.account?.address}
      screen={screen}
      onScreen={(next) => {
        flow.reset();
        leave(solana, setScreen)(next);
      }}
      showBack={!sendOffersExit(screen, solana)}
      canSend={ready && solana.isConnected}
      canShowActivity={solana.isConnected}
      canExport={ready}
      actions={
        ready
          ? [
              { screen: 'backup', label: t('mpc.action.backup') },
              { screen: 'reshare', label: t('mpc.action.reshare') },
            ]
          : []
      }
    >
      <MpcWalletView
        flow={{
          ...flow,
          backup: (backup) => void flow.backupAsync(backup).then((ok) => ok && home()),
          reshare: (change) => void flow.reshareAsync(change).then((ok) => ok && home()),
        }}
        screen={view}
        home={
          <>
            <SolanaScreens solana={solana} screen={screen} onScreen={setScreen} />
            <ErrorMessage>{screen === 'home' ? errorText(flow.error) : undefined}</ErrorMessage>
          </>
        }
        exportState={exportState}
        exportFrameRef={container}
        onShowKey={() => {
          if (!container.current) return;
          setExportState('showing');
          // Not shown (refused, or "Confirm it's you" cancelled): the button comes back.
          void flow.exportAsync(container.current).then((shown) => shown || setExportState('idle'));
        }}
      />
    </WalletPanelView>
  );
}

export interface MpcWalletCustomProps extends UseMpcWalletParameters {
  /** Your own markup for the MPC wallet, from the same view model the kit's panel uses. */
  children: (flow: UseMpcWalletReturnType) => ReactNode;
}

/** `<MpcWallet.Custom exportFrameOrigin={…}>{(flow) => …}</MpcWallet.Custom>`: the flow with your own markup. */
function MpcWalletCustom({ children, ...parameters }: MpcWalletCustomProps) {
  return <>{children(useMpcWallet(parameters))}</>;
}

MpcWallet.Custom = MpcWalletCustom;

export default MpcWallet;
