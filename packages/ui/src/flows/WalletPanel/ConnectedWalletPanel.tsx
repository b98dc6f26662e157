import { useLatchkey, useSession } from '@latchkey/headless/react';
import { embeddedAccountOf, mountExportFrame, type ExportFrame } from '@latchkey/headless/embedded';
import { useEmbeddedWallet } from '@latchkey/headless/react/embedded';
import { useSendTransaction, useSolanaBalances, useSolanaNetworks } from '@latchkey/headless/react/solana';
import { useWallets, useWalletSignIn, type LinkedWallet } from '@latchkey/headless/react/wallets';
import type { SolanaSigner } from '@latchkey/headless/solana';
import { createSolanaConnection } from '@latchkey/headless/solana';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { brandingFrom } from '../../Branding/branding.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { embeddedWalletsEnabled, useEmbeddedWalletOptions, type EmbeddedWalletOptions } from '../../LatchkeyProvider/embeddedWalletConfig.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText } from '../../styles/shared.css.js';
import type { FlowError } from '../EmailSignIn/types.js';
import { CreateWalletStep } from '../EmbeddedWallet/CreateWalletStep.js';
import { ExportStep } from '../EmbeddedWallet/ExportStep.js';
import { RecoveryStep } from '../EmbeddedWallet/RecoveryStep.js';
import { SessionPrompt } from '../EmbeddedWallet/SessionPrompt.js';
import { NetworkPicker } from '../Solana/NetworkPicker.js';
import { SolanaBalances } from '../Solana/SolanaBalances.js';
import { SolanaSend } from '../Solana/SolanaSend.js';
import { WalletPanelView, type WalletPanelScreen } from './WalletPanelView.js';

/**
 * The user menu's wallet: the primary wallet's network, balances and send flow, signed by that wallet —
 * the embedded wallet through custody (created here when the project enables embedded wallets and the host
 * configured `embeddedWallet`), or the external wallet it signed in with, reconnected silently.
 * Loaded on demand (it carries @solana/web3.js and the custody client).
 */
export function ConnectedWalletPanel() {
  const { settings } = useLatchkey();
  const { user } = useSession();
  const { primaryWallet } = useWallets();
  const options = useEmbeddedWalletOptions();
  const embeddedEnabled = embeddedWalletsEnabled(settings);
  const embedded = embeddedAccountOf(user ?? undefined);
  const primaryIsEmbedded = primaryWallet === undefined || (embedded !== undefined && primaryWallet.id === embedded.id);
  if (options && primaryIsEmbedded && (embedded || embeddedEnabled)) return <EmbeddedWalletPanel options={options} />;
  if (primaryWallet && !primaryIsEmbedded) return <ExternalWalletPanel wallet={primaryWallet} />;
  return null;
}

/** Network, connection, balances and the send flow of one address, signed by `signer`. */
function useSolanaWallet(address: string | undefined, signer: SolanaSigner | undefined) {
  const networks = useSolanaNetworks();
  const { selected } = networks;
  const connection = useMemo(() => (selected ? createSolanaConnection(selected) : undefined), [selected]);
  const balances = useSolanaBalances({ connection, address, networkId: selected?.networkId });
  const send = useSendTransaction({ connection, signer });
  return { networks, connection, balances, send };
}

type SolanaWallet = ReturnType<typeof useSolanaWallet>;

/** The project's selector settings (SPEC §2) apply to the network picker unless their `type` names another selector. */
function networkSelector(settings: ReturnType<typeof useLatchkey>['settings']) {
  const selector = settings?.design?.selector;
  return selector && (selector.type === undefined || selector.type === 'network') ? selector : undefined;
}

/** The send screen has its own exits once a transfer is under review or over (Cancel, Done, Close). */
const sendOffersExit = (screen: WalletPanelScreen, solana: SolanaWallet) => screen === 'send' && !['idle', 'invalid', 'preparing', 'estimatingFee', 'waitingToRetryFee', 'checkingFunds', 'simulating'].includes(solana.send.status);

/** Leaving a screen: an unfinished form's error does not wait for the user's return. */
const leave = (solana: SolanaWallet, setScreen: (screen: WalletPanelScreen) => void) => (screen: WalletPanelScreen) => {
  if (screen === 'home' && solana.send.status === 'invalid') solana.send.reset();
  setScreen(screen);
};

/** Home (network and balances) and send screens, shared by both kinds of wallet. */
function SolanaScreens({ solana, screen, onScreen, extra }: { solana: SolanaWallet; screen: WalletPanelScreen; onScreen: (screen: WalletPanelScreen) => void; extra?: ReactNode }) {
  const { settings } = useLatchkey();
  const { networks, balances, send } = solana;
  const selector = networkSelector(settings);
  if (screen === 'send') {
    return (
      <SolanaSend
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
      <ErrorMessage>{networks.error?.message}</ErrorMessage>
      <SolanaBalances status={balances.status} balances={balances.balances} showFiat={balances.showFiat} error={balances.error} onRefresh={balances.refresh} />
    </>
  );
}

function ExternalWalletPanel({ wallet }: { wallet: LinkedWallet }) {
  const flow = useWalletSignIn({ mode: 'connect-only' });
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  // Only the wallet this account uses may sign for it.
  const signer = flow.signer?.address === wallet.address ? flow.signer : undefined;
  const solana = useSolanaWallet(wallet.address, signer);
  // The credential names the wallet by its key (`phantom`); the wallet list knows its display name.
  const option = flow.wallets.find((candidate) => candidate.key === wallet.wallet_name || candidate.name === wallet.wallet_name);
  const name = option?.name ?? wallet.wallet_name ?? 'Wallet';
  const reconnect =
    signer === undefined ? (
      <p className={mutedText} role="status">
        {flow.isBusy || flow.status === 'reconnecting' ? (
          <>
            <Spinner /> Connecting {name}…
          </>
        ) : option?.installed ? (
          <button type="button" className={button.secondary} onClick={() => flow.connect(option.key)}>
            Connect {name} to send
          </button>
        ) : (
          `${name} is not available in this browser; balances only.`
        )}
      </p>
    ) : null;
  return (
    <WalletPanelView
      label={name}
      address={wallet.address}
      screen={screen}
      onScreen={leave(solana, setScreen)}
      canSend={signer !== undefined && solana.connection !== undefined}
      showBack={!sendOffersExit(screen, solana)}
    >
      <SolanaScreens
        solana={solana}
        screen={screen}
        onScreen={setScreen}
        extra={
          <>
            {reconnect}
            <ErrorMessage>{flow.status === 'failed' ? flow.error?.message : undefined}</ErrorMessage>
          </>
        }
      />
    </WalletPanelView>
  );
}

function EmbeddedWalletPanel({ options }: { options: EmbeddedWalletOptions }) {
  const { settings } = useLatchkey();
  const { user } = useSession();
  const appName = options.appName ?? brandingFrom(settings).displayName ?? 'Latchkey';
  const embedded = useEmbeddedWallet({ appName, baseUrl: options.baseUrl });
  const walletSettings = settings?.sdk?.embeddedWallets ?? {};
  const { account, wallet } = embedded;
  const signer = useMemo(() => (account ? wallet.signer() : undefined), [wallet, account]);
  const solana = useSolanaWallet(account?.address, signer);
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  const showActions = walletSettings.showEmbeddedWalletActionsUI !== false;

  // Recovery done (a code was awaited, now it is not, without an error): back to the wallet.
  const awaited = useRef(false);
  useEffect(() => {
    if (embedded.awaitingRecoveryCode) awaited.current = true;
    else if (awaited.current && !embedded.isBusy) {
      awaited.current = false;
      if (!embedded.error) setScreen('home');
    }
  }, [embedded.awaitingRecoveryCode, embedded.isBusy, embedded.error]);

  if (!account) {
    return (
      <WalletPanelView label="Wallet" address={undefined} screen="home" onScreen={setScreen} canSend={false}>
        <CreateWalletStep
          forceAuthenticator={embedded.settings?.forceAuthenticator ?? false}
          allowSkipping={embedded.settings?.allowSkipping ?? false}
          isBusy={embedded.isBusy}
          error={embedded.error}
          onCreate={({ withPasskey }) =>
            void embedded.create({ withPasskey }).then((created) => {
              // `promptForKeyExport`: show the key right after creation so the user can keep it.
              if (created && embedded.settings?.promptForKeyExport) setScreen('export');
            })
          }
        />
      </WalletPanelView>
    );
  }

  let body: ReactNode;
  if (screen === 'export') body = <EmbeddedExport wallet={wallet} />;
  else if (screen === 'recover')
    body = (
      <RecoveryStep
        awaitingCode={embedded.awaitingRecoveryCode}
        isBusy={embedded.isBusy}
        error={embedded.error}
        defaultEmail={user?.email ?? undefined}
        onSendCode={(email) => void embedded.startRecovery(email)}
        onSubmitCode={(code) => void embedded.completeRecovery(code)}
      />
    );
  else
    body = (
      <SolanaScreens
        solana={solana}
        screen={screen}
        onScreen={setScreen}
        extra={
          <>
            <SessionPrompt flow={{ ...embedded, account: undefined }} onUnlock={() => void embedded.openSession()} />
            <ErrorMessage>{embedded.status !== 'failed' ? embedded.error?.message : undefined}</ErrorMessage>
          </>
        }
      />
    );
  return (
    <WalletPanelView
      label="Embedded wallet"
      address={account.address}
      screen={screen}
      onScreen={leave(solana, setScreen)}
      showBack={!sendOffersExit(screen, solana)}
      canSend={solana.connection !== undefined}
      canExport={showActions}
      canRecover={showActions && embedded.settings?.emailRecoveryEnabled === true}
    >
      {body}
    </WalletPanelView>
  );
}

const flowError = (cause: unknown): FlowError =>
  cause instanceof Error ? { code: (cause as { code?: string }).code ?? 'export_failed', message: cause.message } : { code: 'export_failed', message: String(cause) };

/** The export screen: a warning, then the custody origin's page in an iframe (the key never enters this page). */
function EmbeddedExport({ wallet }: { wallet: Parameters<typeof mountExportFrame>[0]['wallet'] }) {
  const container = useRef<HTMLDivElement>(null);
  const frame = useRef<ExportFrame | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'showing'>('idle');
  const [error, setError] = useState<FlowError>();
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
          frame.current = mountExportFrame({ wallet, container: container.current, title: 'Your private key' });
          setState('showing');
          frame.current.done.catch((cause: unknown) => setError(flowError(cause)));
        } catch (cause) {
          setError(flowError(cause));
        }
      }}
    />
  );
}
