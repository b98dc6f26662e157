import { useId } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { input, label, mutedText, stack } from '../../styles/shared.css.js';
import type { BackupLocation } from './MpcWalletModel.js';


export interface BackupFieldsProps {
  /** Where the backup may go (`sdk.waas.backupOptions`, and the product API). */
  locations: readonly BackupLocation[];
  location: BackupLocation;
  onLocation: (location: BackupLocation) => void;
  password: string;
  onPassword: (password: string) => void;
  /** `new-password` when choosing one, `current-password` when opening a backup. */
  autoComplete: 'new-password' | 'current-password';
  invalid?: boolean;
}

/** The backup's password and where it is kept. Presentational. */
export function BackupFields({ locations, location, onLocation, password, onPassword, autoComplete, invalid }: BackupFieldsProps) {
  const t = useMessages();
  const id = useId();
  return (
    <div className={stack}>
      {locations.length > 1 ? (
        <div className={stack} style={{ gap: '4px' }}>
          <label className={label} htmlFor={`${id}-location`}>
            {t('mpc.location.label')}
          </label>
          <select id={`${id}-location`} className={input} value={location} onChange={(event) => onLocation(event.target.value as BackupLocation)}>
            {locations.map((option) => (
              <option key={option} value={option}>
                {t(`mpc.location.${option}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={stack} style={{ gap: '4px' }}>
        <label className={label} htmlFor={`${id}-password`}>
          {t('mpc.password.label')}
        </label>
        <input
          id={`${id}-password`}
          className={input}
          type="password"
          autoComplete={autoComplete}
          value={password}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={autoComplete === 'new-password' ? `${id}-hint` : undefined}
          onChange={(event) => onPassword(event.target.value)}
        />
        {autoComplete === 'new-password' ? (
          <p id={`${id}-hint`} className={mutedText} style={{ margin: 0 }}>
            {t('mpc.password.hint')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
