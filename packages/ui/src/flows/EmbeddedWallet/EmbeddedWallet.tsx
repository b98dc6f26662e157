import { useLatchkey, useSession } from '@latchkey/headless/react';
import { mountExportFrame, type ExportFrame } from '@latchkey/headless/embedded';
import { useEmbeddedWallet, type UseEmbeddedWalletParameters, type UseEmbeddedWalletReturnType } from '@latchkey/headless/react/embedded';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { brandingFrom } from '../../Branding/branding.js';
import { walletBrandFrom } from '../../Branding/walletBrand.js';
import type { EmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';
import type { FlowError } from '../shared/FlowError.js';
import type { EmbeddedWalletScreen } from './EmbeddedWalletModel.js';
import { EmbeddedWalletView } from './EmbeddedWalletView.js';
import { useMessages } from '../../messages/useMessages.js';
import { ExportStep } from './ExportStep.js';
import { useSolanaWallet } from '@latchkey/headless/react/solana';
import { leave, SolanaScreens, sendOffersExit } from '../../screens/WalletPanel/solanaScreens.js';
import { WalletPanelView, type WalletPanelScreen } from '../../screens/WalletPanel/WalletPanelView.js';

/** The user's embedded wallet on the custody provider: create, unlock, send, export its key, recover it by e-mail. */
export function EmbeddedWallet({ options }: { options: EmbeddedWalletOptions }) {
  const t = useMessages();
  const { settings } = useLatchkey();
  const { user } = useSession();
  const appName = options.appName ?? brandingFrom(settings).displayName ?? 'Latchkey';
  const embedded = useEmbeddedWallet({ appName, baseUrl: options.baseUrl });
  const walletSettings = settings?.sdk?.embeddedWallets ?? {};
  const { account, wallet, signer } = embedded;
  const solana = useSolanaWallet({ address: account?.address, signer });
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  const showActions = walletSettings.showEmbeddedWalletActionsUI !== false;
  // Branding `walletName` names the wallet in the panel (its heading, so its region too), `walletIconUrl` sits beside it.
  const brand = walletBrandFrom(settings);

  // Recovery done (a code was awaited, now it is not, without an error): back to the wallet.
  const awaited = useRef(false);
  useEffect(() => {
    if (embedded.awaitingRecoveryCode) awaited.current = true;
    else if (awaited.current && !embedded.isBusy) {
      awaited.current = false;
      if (!embedded.error) setScreen('home');
    }
  }, [embedded.awaitingRecoveryCode, embedded.isBusy, embedded.error]);

  const view: EmbeddedWalletScreen = !account ? 'home' : screen === 'export' || screen === 'recover' ? screen : 'home';
  return (
    <WalletPanelView
      label={account ? (brand.name ?? t('embedded.label')) : t('embedded.labelNoAccount')}
      iconUrl={account ? brand.iconUrl : undefined}
      address={account?.address}
      screen={account ? screen : 'home'}
      onScreen={account ? leave(solana, setScreen) : setScreen}
      {...(account ? { showBack: !sendOffersExit(screen, solana) } : {})}
      canSend={account ? solana.isConnected : false}
      canShowActivity={account !== undefined && solana.isConnected}
      {...(account ? { canExport: showActions, canRecover: showActions && embedded.settings?.emailRecoveryEnabled === true } : {})}
    >
      <EmbeddedWalletView
        flow={embedded}
        screen={view}
        home={(extra) => <SolanaScreens solana={solana} screen={screen} onScreen={setScreen} extra={extra} />}
        exportStep={<EmbeddedExport wallet={wallet} />}
        defaultEmail={user?.email ?? undefined}
        // `promptForKeyExport`: show the key right after creation so the user can keep it.
        onCreated={() => setScreen('export')}
      />
    </WalletPanelView>
  );
}

export interface EmbeddedWalletCustomProps extends UseEmbeddedWalletParameters {
  /** Your own markup for the embedded wallet, from the same view model the kit's panel uses. */
  children: (flow: UseEmbeddedWalletReturnType) => ReactNode;
}

/** `<EmbeddedWallet.Custom appName={…} baseUrl={…}>{(flow) => …}</EmbeddedWallet.Custom>`: the flow with your own markup. */
function EmbeddedWalletCustom({ children, ...parameters }: EmbeddedWalletCustomProps) {
  return <>{children(useEmbeddedWallet(parameters))}</>;
}

EmbeddedWallet.Custom = EmbeddedWalletCustom;

export default EmbeddedWallet;

/** A coded failure as it is (its params let the message be said in the locale); anything else under `export_failed`. */
const flowError = (cause: unknown): FlowError =>
  cause instanceof Error && typeof (cause as { code?: unknown }).code === 'string' ? (cause as unknown as FlowError) : { code: 'export_failed', message: cause instanceof Error ? cause.message : String(cause) };

/** The export screen: a warning, then the custody origin's page in an iframe (the key never enters this page). */
function EmbeddedExport({ wallet }: { wallet: Parameters<typeof mountExportFrame>[0]['wallet'] }) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<ExportFrame | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'showing'>('idle');
  const [error, setError] = useState<FlowError>();
  const t = useMessages();
  useEffect(() => () => frame.current?.destroy(), []);
  return (
    <ExportStep
      state={state}
      error={error}
      frameContainerRef={container}
      onShow={() => {
        if (!container.current) return;
        setError(undefined);
        try {
          frame.current = mountExportFrame({ wallet, container: container.current, title: t('embedded.export.frameTitle') });
          setState('showing');
          frame.current.done.catch((cause: unknown) => setError(flowError(cause)));
        } catch (cause) {
          setError(flowError(cause));
        }
      }}
    />
  );
}
