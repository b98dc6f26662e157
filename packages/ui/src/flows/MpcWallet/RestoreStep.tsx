import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { BackupFields } from './BackupFields.js';
import type { BackupLocation } from './MpcWalletModel.js';

export interface RestoreStepProps {
  /** Where this wallet's backups are (none: it cannot be restored here). */
  locations: readonly BackupLocation[];
  isBusy: boolean;
  error: FlowError | undefined;
  onRestore: (options: { password: string; location: BackupLocation }) => void;
}

/** A wallet whose share is not on this device: restore it from a backup with its password. */
export function RestoreStep({ locations, isBusy, error, onRestore }: RestoreStepProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [location, setLocation] = useState<BackupLocation>(locations[0] ?? 'productApi');
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mpc-wallet-restore" data-state={isBusy ? 'restoring' : locations.length === 0 ? 'noBackup' : 'locked'}>
      <h3 id={headingId} className={styles.heading}>
        {t('mpc.restore.heading')}
      </h3>
      <p className={mutedText}>{t(locations.length === 0 ? 'mpc.restore.noBackup' : 'mpc.restore.intro')}</p>
      {locations.length > 0 ? (
        <form
          className={stack}
          onSubmit={(event) => {
            event.preventDefault();
            if (!isBusy) onRestore({ password, location });
          }}
        >
          <BackupFields locations={locations} location={location} onLocation={setLocation} password={password} onPassword={setPassword} autoComplete="current-password" invalid={error?.code === 'mpc_backup_password_invalid'} />
          <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
            {t('mpc.restore.submit')}
          </button>
        </form>
      ) : null}
      <ErrorMessage>{isBusy ? undefined : errorText(error)}</ErrorMessage>
    </section>
  );
}
