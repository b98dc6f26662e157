import { useId, useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import * as styles from '../../styles/panel.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { BackupFields } from './BackupFields.js';
import type { BackupLocation, Scheme } from './MpcWalletModel.js';
import { SchemePicker } from './SchemePicker.js';

export interface CreateMpcStepProps {
  defaultScheme: Scheme;
  locations: readonly BackupLocation[];
  /** `sdk.waas.passwordRequired`: a backup (and so a password) at creation for every scheme. */
  passwordRequired: boolean;
  isBusy: boolean;
  error: FlowError | undefined;
  onCreate: (options: { scheme: Scheme; backup?: { password: string; location: BackupLocation } }) => void;
}

/** Create an MPC wallet: how the key is shared, and — when shares leave the device — the backup's password and place. */
export function CreateMpcStep({ defaultScheme, locations, passwordRequired, isBusy, error, onCreate }: CreateMpcStepProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const [scheme, setScheme] = useState<Scheme>(defaultScheme);
  const [password, setPassword] = useState('');
  const [location, setLocation] = useState<BackupLocation>(locations[0] ?? 'productApi');
  const needsBackup = passwordRequired || scheme !== 'TWO_OF_TWO';
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mpc-wallet-create" data-state={isBusy ? 'creating' : needsBackup ? 'withBackup' : 'plain'}>
      <h3 id={headingId} className={styles.heading}>
        {t('mpc.create.heading')}
      </h3>
      <p className={mutedText}>{t('mpc.create.intro')}</p>
      <form
        className={stack}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy) onCreate({ scheme, ...(needsBackup ? { backup: { password, location } } : {}) });
        }}
      >
        <SchemePicker value={scheme} onChange={setScheme} disabled={isBusy} />
        {needsBackup ? (
          <BackupFields locations={locations} location={location} onLocation={setLocation} password={password} onPassword={setPassword} autoComplete="new-password" invalid={error?.code === 'mpc_password_required'} />
        ) : null}
        <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
          {t('mpc.create.submit')}
        </button>
      </form>
      <ErrorMessage>{isBusy ? undefined : errorText(error)}</ErrorMessage>
    </section>
  );
}
