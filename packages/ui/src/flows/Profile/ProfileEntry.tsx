import { useId, useState } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { button } from '../../styles/shared.css.js';
import { Profile } from './Profile.js';
import * as styles from './Profile.css.js';

/**
 * The Account view's "Profile" section: its label and "Edit profile" behind a disclosure, so a compact menu can host
 * the profile form (and Delete account) until the user asks for it.
 */
export function ProfileEntry({ defaultOpen = false }: { defaultOpen?: boolean }) {
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
        </section>
      ) : null}
    </div>
  );
}
