import { useEffect } from 'react';
import { useMessages } from '../messages/useMessages.js';
import { link, mutedText } from '../styles/shared.css.js';
import { useWarn } from '../warn.js';
import { supportLinkSite, type Support } from './support.js';
import * as styles from './SupportLinks.css.js';

/**
 * Where users get help (display settings `supportText`, `supportEmail`, `supportUrls`): the sentence, a `mailto:`
 * link and the help links, in the sign-in dialog's and the user menu's footers. Nothing when nothing is set; a
 * refused value (not an address, not https) is logged, never shown.
 */
export function SupportLinks({ support }: { support: Support | undefined }) {
  const t = useMessages();
  const warn = useWarn();
  const rejectedKey = support?.rejected.join(',') ?? '';
  useEffect(() => {
    for (const setting of rejectedKey ? rejectedKey.split(',') : []) warn(`${setting} is not ${setting.endsWith('supportEmail') ? 'an e-mail address' : 'an https URL'}, so it is not shown.`);
  }, [rejectedKey, warn]);
  if (!support || (!support.text && !support.email && support.urls.length === 0)) return null;
  return (
    <nav className={styles.support} aria-label={t('support.label')} data-latchkey-support="">
      {/* The host's own sentence keeps its own direction (English in an Arabic menu ends with its full stop, not starts
          with it), isolated, while the line keeps the menu's alignment. */}
      <p className={mutedText}>{support.text ? <bdi>{support.text}</bdi> : t('support.title')}</p>
      {support.email || support.urls.length > 0 ? (
        <ul className={styles.list}>
          {support.email ? (
            <li>
              <a className={link} href={`mailto:${support.email}`}>
                {t('support.email', { email: support.email })}
              </a>
            </li>
          ) : null}
          {support.urls.map((url) => (
            <li key={url}>
              <a className={link} href={url} target="_blank" rel="noopener noreferrer">
                {t('support.link', { site: supportLinkSite(url) })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
