import { useId, useState, type ReactNode } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { button } from '../../styles/shared.css.js';
import { Profile } from './Profile.js';
import * as styles from './Profile.css.js';

export interface ProfileEntryProps {
  defaultOpen?: boolean;
  /** Delete account under the form (the menu's `DeleteAccount`, loaded with its flows). */
  deleteAccount?: ReactNode;
}

/**
 * The Account view's "Profile" section: its label and "Edit profile" behind a disclosure, so a compact menu can host
 * the profile form (and Delete account) until the user asks for it.
 */
export function ProfileEntry({ defaultOpen = false, deleteAccount }: ProfileEntryProps) {
  const t = useMessages();
  const regionId = useId();
  const headingId = useId();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={styles.entry} data-latchkey-section="profile">
      <h3 id={headingId} className={styles.entryHeading}>
        {t('profile.label')}
      </h3>
      <button type="button" className={button.secondary} aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {t('profile.edit')}
      </button>
      {open ? (
        <section id={regionId} className={styles.entryBody} aria-label={t('profile.heading')}>
          <Profile />
          {deleteAccount}
        </section>
      ) : null}
    </div>
  );
}
