import { useLatchkey, useSession } from '@latchkey/headless/react';
import { mountExportFrame, type ExportFrame } from '@latchkey/headless/embedded';
import { useEmbeddedWallet } from '@latchkey/headless/react/embedded';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { brandingFrom } from '../../Branding/branding.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import type { EmbeddedWalletOptions } from '../../LatchkeyUIProvider/embeddedWalletConfig.js';
import type { FlowError } from '../shared/FlowError.js';
import { CreateWalletStep } from './CreateWalletStep.js';
import { ExportStep } from './ExportStep.js';
import { RecoveryStep } from './RecoveryStep.js';
import { SessionPrompt } from './SessionPrompt.js';
import { useSolanaWallet } from '@latchkey/headless/react/solana';
import { leave, SolanaScreens, sendOffersExit } from '../../screens/WalletPanel/solanaScreens.js';
import { WalletPanelView, type WalletPanelScreen } from '../../screens/WalletPanel/WalletPanelView.js';

/** The user's embedded wallet on the custody provider: create, unlock, send, export its key, recover it by e-mail. */
export default function EmbeddedWallet({ options }: { options: EmbeddedWalletOptions }) {
  const { settings } = useLatchkey();
  const { user } = useSession();
  const appName = options.appName ?? brandingFrom(settings).displayName ?? 'Latchkey';
  const embedded = useEmbeddedWallet({ appName, baseUrl: options.baseUrl });
  const walletSettings = settings?.sdk?.embeddedWallets ?? {};
  const { account, wallet } = embedded;
  const signer = useMemo(() => (account ? wallet.signer() : undefined), [wallet, account]);
  const solana = useSolanaWallet({ address: account?.address, signer });
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
      canSend={solana.isConnected}
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
