import { useId, useState } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { button, stack } from '../../styles/shared.css.js';
import { Profile } from './Profile.js';

/** "Profile" behind a disclosure, so a compact menu can host the profile form (and Delete account) until the user asks for it. */
export function ProfileEntry({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const t = useMessages();
  const regionId = useId();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={stack} data-latchkey-section="profile">
      <button type="button" className={button.quiet} aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {t('profile.label')}
      </button>
      {open ? (
        <section id={regionId} aria-label={t('profile.heading')}>
          <Profile />
        </section>
      ) : null}
    </div>
  );
}
