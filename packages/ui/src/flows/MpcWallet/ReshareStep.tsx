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

export interface ReshareStepProps {
  current: Scheme;
  locations: readonly BackupLocation[];
  passwordRequired: boolean;
  isBusy: boolean;
  error: FlowError | undefined;
  onReshare: (options: { scheme: Scheme; backup?: { password: string; location: BackupLocation } }) => void;
}

/** Reshare to another scheme (same address): new shares, and the new backup shares' password and place. */
export function ReshareStep({ current, locations, passwordRequired, isBusy, error, onReshare }: ReshareStepProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const [scheme, setScheme] = useState<Scheme>(current === 'TWO_OF_TWO' ? 'TWO_OF_THREE' : 'TWO_OF_TWO');
  const [password, setPassword] = useState('');
  const [location, setLocation] = useState<BackupLocation>(locations[0] ?? 'productApi');
  const needsBackup = passwordRequired || scheme !== 'TWO_OF_TWO';
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mpc-wallet-reshare" data-state={isBusy ? 'resharing' : scheme}>
      <h3 id={headingId} className={styles.heading}>
        {t('mpc.reshare.heading')}
      </h3>
      <p className={mutedText}>{t('mpc.reshare.intro')}</p>
      <p className={mutedText} style={{ margin: 0 }}>
        {t('mpc.reshare.current', { scheme: t(`mpc.scheme.${current}`) })}
      </p>
      <form
        className={stack}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isBusy) onReshare({ scheme, ...(needsBackup || password !== '' ? { backup: { password, location } } : {}) });
        }}
      >
        <SchemePicker value={scheme} onChange={setScheme} disabled={isBusy} exclude={current} />
        {needsBackup ? (
          <BackupFields locations={locations} location={location} onLocation={setLocation} password={password} onPassword={setPassword} autoComplete="new-password" invalid={error?.code === 'mpc_password_required'} />
        ) : null}
        <button type="submit" className={button.primary} aria-disabled={isBusy ? true : undefined}>
          {t('mpc.reshare.submit')}
        </button>
      </form>
      <ErrorMessage>{isBusy ? undefined : errorText(error)}</ErrorMessage>
    </section>
  );
}
