import { useMessages } from '../../messages/useMessages.js';
import { button } from '../../styles/shared.css.js';
import * as styles from './UserMenu.css.js';

export type CredentialKind = 'email' | 'phone';

export interface AccountSectionProps {
  /** The user has no verified e-mail and the project signs in by e-mail. */
  canAddEmail: boolean;
  /** The user has no verified phone number and the project has an SMS provider. */
  canAddPhone: boolean;
  onAdd: (kind: CredentialKind) => void;
}

/** The Account view's "add a way to sign in" part: "Add email" and/or "Add phone number". Presentational. */
export function AccountSection({ canAddEmail, canAddPhone, onAdd }: AccountSectionProps) {
  const t = useMessages();
  if (!canAddEmail && !canAddPhone) return null;
  return (
    <div className={styles.accounts} data-latchkey-section="add-credential">
      <h3 className={styles.sectionHeading}>{t('menu.addCredential.heading')}</h3>
      <div className={styles.linkRow}>
        {canAddEmail ? (
          <button type="button" className={button.secondary} onClick={() => onAdd('email')}>
            {t('menu.addCredential.email')}
          </button>
        ) : null}
        {canAddPhone ? (
          <button type="button" className={button.secondary} onClick={() => onAdd('phone')}>
            {t('menu.addCredential.phone')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
