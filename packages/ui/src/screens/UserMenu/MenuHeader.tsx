import { useMessages } from '../../messages/useMessages.js';
import { CopyButton } from './CopyButton.js';
import { viewTitle, type MenuView } from './menuViews.js';
import * as styles from './UserMenu.css.js';

export interface MenuHeaderProps {
  view: MenuView;
  /** The name to show: display name, e-mail, phone number or short address. */
  name: string | undefined;
  /** An initial for the avatar (from the display name or e-mail); a person glyph without one. */
  initial: string | undefined;
  /** The primary wallet's full address: the copy button copies it. */
  address: string | undefined;
  network: string | undefined;
  onBack: () => void;
}

/**
 * The menu's header. Home: the avatar, who is signed in (with a copy button for the wallet address) and the network.
 * Any other view: Back and the view's title, which takes focus when the view opens.
 */
export function MenuHeader({ view, name, initial, address, network, onBack }: MenuHeaderProps) {
  const t = useMessages();
  if (view !== 'home') {
    return (
      <div className={styles.header} data-latchkey-menu-header={view}>
        <button type="button" className={styles.iconButton} aria-label={t('menu.back')} onClick={onBack}>
          <svg className={styles.backGlyph} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h2 className={styles.viewTitle} data-view-heading="" tabIndex={-1}>
          {t(viewTitle[view])}
        </h2>
      </div>
    );
  }
  return (
    <div className={styles.header} data-latchkey-menu-header="home">
      <span aria-hidden="true" className={styles.avatarLarge}>
        {initial ?? <PersonGlyph size={20} />}
      </span>
      <div className={styles.identity}>
        <div className={styles.nameRow}>
          <span className={styles.name} title={name} data-testid="menu-name">
            {name ?? t('menu.yourAccount')}
          </span>
          {address ? <CopyButton value={address} label={t('menu.copyAddress')} copiedLabel={t('menu.copied')} className={styles.iconButton} /> : null}
        </div>
        {network ? (
          <span className={styles.network} data-testid="menu-network">
            <span aria-hidden="true" className={styles.networkDot} />
            <span>{t('menu.network', { name: network })}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The avatar when there is no e-mail to take an initial from (a phone number's '+' says nothing). */
export function PersonGlyph({ size = 14 }: { size?: number }) {
  return (
    <svg viewBox="0 0 16 16" width={size} height={size} focusable="false">
      <circle cx="8" cy="5.5" r="3" fill="currentColor" />
      <path d="M2.5 14.5c0-3 2.5-5 5.5-5s5.5 2 5.5 5z" fill="currentColor" />
    </svg>
  );
}
