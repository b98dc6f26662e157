import { button, mutedText } from '../../styles/shared.css.js';
import * as styles from './UserMenu.css.js';

export type CredentialKind = 'email' | 'phone';

export interface AccountSectionProps {
  /** The user has no verified e-mail and the project signs in by e-mail. */
  canAddEmail: boolean;
  /** The user has no verified phone number and the project has an SMS provider. */
  canAddPhone: boolean;
  onAdd: (kind: CredentialKind) => void;
}

/** The user menu's "add a way to sign in" part: "Add email" and/or "Add phone number". Presentational. */
export function AccountSection({ canAddEmail, canAddPhone, onAdd }: AccountSectionProps) {
  if (!canAddEmail && !canAddPhone) return null;
  return (
    <div className={styles.accounts} data-latchkey-section="add-credential">
      <p className={mutedText}>Add another way to sign in</p>
      <div className={styles.linkRow}>
        {canAddEmail ? (
          <button type="button" className={`${button.secondary} ${styles.linkChip}`} onClick={() => onAdd('email')}>
            Add email
          </button>
        ) : null}
        {canAddPhone ? (
          <button type="button" className={`${button.secondary} ${styles.linkChip}`} onClick={() => onAdd('phone')}>
            Add phone number
          </button>
        ) : null}
      </div>
    </div>
  );
}
