import type { Ref } from 'react';
import { useMessages } from '../../messages/useMessages.js';
import { useSignInParts } from './signInParts.js';
import * as styles from './SignInDialog.css.js';

/** A sub-view's header in the sign-in (the wallet list, "More options"): Back, the view's title, a hidden description. */
export function ViewHeader({ title, description, onBack, titleRef }: { title: string; description: string; onBack: () => void; titleRef: Ref<HTMLHeadingElement> }) {
  const t = useMessages();
  const { Title, Description } = useSignInParts();
  return (
    <header className={styles.viewHeader}>
      <button type="button" className={styles.back} aria-label={t('signIn.back')} onClick={onBack}>
        <svg className={styles.backGlyph} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <Title ref={titleRef} className={styles.viewTitle} tabIndex={-1}>
        {title}
      </Title>
      <Description className={styles.description} hidden>
        {description}
      </Description>
    </header>
  );
}
