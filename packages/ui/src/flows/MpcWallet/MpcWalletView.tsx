import type { ReactNode, Ref } from 'react';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { StepUpPrompt } from '../MfaDevices/StepUpPrompt.js';
import { mutedText, stack } from '../../styles/shared.css.js';
import { BackupStep } from './BackupStep.js';
import { CreateMpcStep } from './CreateMpcStep.js';
import { MpcExportStep } from './MpcExportStep.js';
import type { BackupLocation, MpcWalletFlowModel, MpcWalletScreen } from './MpcWalletModel.js';
import { Progress } from './Progress.js';
import { ReshareStep } from './ReshareStep.js';
import { RestoreStep } from './RestoreStep.js';


export interface MpcWalletViewProps {
  flow: MpcWalletFlowModel;
  screen: MpcWalletScreen;
  /** The ready wallet's home: network, balances, send. */
  home?: ReactNode;
  exportState?: 'idle' | 'showing';
  onShowKey?: () => void;
  exportFrameRef?: Ref<HTMLDivElement>;
}

const locationOf = (record: { backupLocation?: 'googleDrive' | 'icloud' | null | undefined }): BackupLocation => record.backupLocation ?? 'productApi';
const unique = <T,>(values: readonly T[]) => [...new Set(values)];

/**
 * An MPC wallet by status: `none` → create (scheme, and the backup when shares leave the device); `locked` → restore
 * from a backup; `ready` → its screens (home with a backup prompt until backed up, backup, key shares, export). A
 * running command shows its ceremony's round; a reshare, export, restore or backup (one that must refresh the shares)
 * the server holds for a second factor shows "Confirm it's you" under its step (`flow.stepUp`). Presentational over
 * `useMpcWallet`'s model; the root carries `data-flow="mpc-wallet"`, `data-state` and `data-screen`.
 */
export function MpcWalletView({ flow, screen, home, exportState = 'idle', onShowKey, exportFrameRef }: MpcWalletViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const { status, account, settings } = flow;
  const locations: BackupLocation[] = settings?.backupLocations ?? ['productApi'];
  const error = flow.error;
  let body: ReactNode;
  if (status === 'loading') {
    body = <p className={mutedText}>{t('mpc.loading')}</p>;
  } else if (!account || status === 'none' || status === 'creating') {
    body = (
      <CreateMpcStep
        defaultScheme={settings?.defaultScheme ?? 'TWO_OF_TWO'}
        locations={locations}
        passwordRequired={settings?.passwordRequired ?? false}
        isBusy={flow.isBusy}
        error={error}
        onCreate={(options) => flow.create(options)}
      />
    );
  } else if (status === 'locked' || status === 'restoring') {
    body = <RestoreStep locations={unique(account.keyShares.map(locationOf))} isBusy={flow.isBusy} error={error} onRestore={(options) => flow.restore(options)} />;
  } else if (screen === 'backup') {
    body = <BackupStep locations={locations} backedUpIn={unique(account.keyShares.map(locationOf))} isBusy={status === 'backingUp'} error={error} onBackup={(options) => flow.backup(options)} />;
  } else if (screen === 'reshare') {
    body = (
      <ReshareStep
        current={account.thresholdSignatureScheme}
        locations={locations}
        passwordRequired={settings?.passwordRequired ?? false}
        isBusy={status === 'resharing'}
        error={error}
        onReshare={(options) => flow.reshare(options)}
      />
    );
  } else if (screen === 'export') {
    // The frame's container stays mounted under a step-up: the export mounts into it again once it passed.
    body = <MpcExportStep state={exportState} error={error} onShow={() => onShowKey?.()} frameContainerRef={exportFrameRef} />;
  } else {
    body = (
      <>
        {account.keyShares.length === 0 ? (
          <p className={mutedText} style={{ margin: 0 }} data-testid="mpc-backup-prompt">
            {t('mpc.backup.prompt')}
          </p>
        ) : null}
        {home}
      </>
    );
  }
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="mpc-wallet" data-state={status} data-screen={screen}>
      {flow.stepUp ? null : <Progress status={status} round={flow.round} />}
      {body}
      {flow.stepUp && (status === 'restoring' || screen === 'reshare' || screen === 'export' || screen === 'backup') ? <StepUpPrompt flow={flow.stepUp} /> : null}
    </div>
  );
}
