import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { formatList } from '../../messages/format.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, stack, successText } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { BackupFields } from './BackupFields.js';
import type { BackupLocation } from './MpcWalletModel.js';

export interface BackupStepProps {
  locations: readonly BackupLocation[];
  /** Where the wallet is backed up already. */
  backedUpIn: readonly BackupLocation[];
  isBusy: boolean;
  error: FlowError | undefined;
  onBackup: (options: { password: string; location: BackupLocation }) => void;
}

/** Back up the wallet: a password (it encrypts the share on this device) and where to keep it. */
export function BackupStep({ locations, backedUpIn, isBusy, error, onBackup }: BackupStepProps) {
  const t = useMessages();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [location, setLocation] = useState<BackupLocation>(locations.find((option) => !backedUpIn.includes(option)) ?? locations[0] ?? 'productApi');
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mpc-wallet-backup" data-state={isBusy ? 'backingUp' : backedUpIn.length > 0 ? 'backedUp' : 'notBackedUp'}>
      <h3 id={headingId} className={styles.heading}>
        {t('mpc.backup.heading')}
      </h3>
      <p className={mutedText}>{t('mpc.backup.intro')}</p>
      {backedUpIn.length > 0 ? (
        <p className={successText} style={{ margin: 0 }}>
          {t('mpc.backup.done', { locations: formatList(backedUpIn.map((where) => t(`mpc.location.${where}`)), locale) })}
        </p>
      ) : null}
      <form
        className={stack}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy) onBackup({ password, location });
        }}
      >
        <BackupFields locations={locations} location={location} onLocation={setLocation} password={password} onPassword={setPassword} autoComplete="new-password" invalid={error?.code === 'mpc_password_required' || error?.code === 'mpc_backup_password_invalid'} />
        <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
          {t('mpc.backup.submit')}
        </button>
      </form>
      <ErrorMessage>{isBusy ? undefined : errorText(error)}</ErrorMessage>
    </section>
  );
}
