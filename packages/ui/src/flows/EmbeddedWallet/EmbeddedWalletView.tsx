import type { ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { CreateWalletStep } from './CreateWalletStep.js';
import type { EmbeddedWalletFlowModel, EmbeddedWalletScreen } from './EmbeddedWalletModel.js';
import { RecoveryStep } from './RecoveryStep.js';
import { SessionPrompt } from './SessionPrompt.js';
import { useLocale } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface EmbeddedWalletViewProps {
  /** The flow's view model: `useEmbeddedWallet()`'s return value, or a fixed one in stories. */
  flow: EmbeddedWalletFlowModel;
  screen: EmbeddedWalletScreen;
  /** The wallet's home (balances, send) — the host's Solana screens — with the session prompt and errors (`extra`) in it. */
  home: (extra: ReactNode) => ReactNode;
  /** The export screen (the custody origin's isolated frame). */
  exportStep: ReactNode;
  /** Pre-fills the recovery e-mail (the signed-in user's). */
  defaultEmail?: string | undefined;
  /** Called after a wallet was created (with `promptForKeyExport`, the host shows the key at once). */
  onCreated?: (() => void) | undefined;
}

/**
 * The embedded wallet's markup: no wallet yet → create it (with or without a passkey, as the settings say); otherwise
 * the screen asked for — export, recovery by e-mail, or home with the session prompt (unlock when the session lapsed).
 * The root carries `data-state` (the session's status). Presentational: props in, commands out.
 */
export function EmbeddedWalletView({ flow, screen, home, exportStep, defaultEmail, onCreated }: EmbeddedWalletViewProps) {
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  let body: ReactNode;
  if (!flow.account) {
    body = (
      <CreateWalletStep
        forceAuthenticator={flow.settings?.forceAuthenticator ?? false}
        allowSkipping={flow.settings?.allowSkipping ?? false}
        isBusy={flow.isBusy}
        error={flow.error}
        onCreate={({ withPasskey }) =>
          void Promise.resolve(flow.create({ withPasskey })).then((created) => {
            if (created && flow.settings?.promptForKeyExport) onCreated?.();
          })
        }
      />
    );
  } else if (screen === 'export') body = exportStep;
  else if (screen === 'recover')
    body = (
      <RecoveryStep
        awaitingCode={flow.awaitingRecoveryCode}
        isBusy={flow.isBusy}
        error={flow.error}
        defaultEmail={defaultEmail}
        onSendCode={(email) => void flow.startRecovery(email)}
        onSubmitCode={(code) => void flow.completeRecovery(code)}
      />
    );
  else
    body = home(
      <>
        <SessionPrompt flow={{ ...flow, account: undefined }} onUnlock={() => void flow.openSession()} />
        <ErrorMessage>{flow.status !== 'failed' ? errorText(flow.error) : undefined}</ErrorMessage>
      </>,
    );
  return (
    <div dir={dir} lang={locale} data-flow="embedded-wallet" data-state={flow.status}>
      {body}
    </div>
  );
}
