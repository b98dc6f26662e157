import * as Popover from '@radix-ui/react-popover';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { SupportLinks } from '../../Branding/SupportLinks.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { Spinner } from '../../Spinner.js';
import { button, link, visuallyHidden } from '../../styles/shared.css.js';
import { LinkAccountChooser, LinkedAccounts } from './AccountView.js';
import { MenuHeader } from './MenuHeader.js';
import { parentView, viewHint, viewTitle, type MenuView } from './menuViews.js';
import { UserMenuContext, type UserMenuContextValue } from './userMenuContext.js';
import type { UserMenuViewProps } from './userMenuViewProps.js';
import * as styles from './UserMenu.css.js';

/**
 * On open, focus goes to the menu itself (its name is read), not to its first button: the copy button would wear a
 * focus ring nobody asked for. Tab then walks the menu from the top.
 */
export function focusContent(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

export function PopoverContent({ children }: { children: ReactNode }) {
  const labelId = useId();
  return (
    <Popover.Content className={styles.content} align="end" sideOffset={8} collisionPadding={8} aria-labelledby={labelId} data-latchkey-menu="user" data-layout="popover" onOpenAutoFocus={focusContent}>
      <LabelIdContext.Provider value={labelId}>{children}</LabelIdContext.Provider>
    </Popover.Content>
  );
}

// The popover's label lives in the body; the popover names it by id.
const LabelIdContext = createContext<string | undefined>(undefined);

export interface MenuBodyProps extends UserMenuViewProps {
  name: string | undefined;
  view: MenuView;
  onView: (view: MenuView) => void;
  /** The sheet names itself with its own title element (`Dialog.Title`); the popover with a hidden span. */
  sheetTitle?: ((label: string) => ReactNode) | undefined;
}

/** The menu's content, the same in the popover and the sheet. */
export function MenuBody({ name, view, onView, sheetTitle, ...props }: MenuBodyProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const labelId = useContext(LabelIdContext);
  const { views = {}, linkedAccounts = [], linkableProviders = [], onLink, links = [], isSigningOut = false, isLinking = false } = props;
  const [reportedNetwork, reportNetwork] = useState<string>();
  const [walletScreen, reportWalletScreen] = useState('home');
  // A wallet screen (send, receive, export) has the menu to itself: no list of views, no footer under it.
  const walletBusy = view === 'home' && walletScreen !== 'home';
  const [walletActionsTarget, setWalletActionsTarget] = useState<HTMLElement | null>(null);
  // Back on Home, focus returns to the row that opened the view just left; a new view focuses its title.
  const left = useRef<MenuView>(view);
  const target = useCallback((next: string, container: HTMLElement) => {
    if (next !== 'home') return null;
    // A key action from Security opened a wallet screen on Home, which already focused its heading: leave it there.
    const active = container.ownerDocument.activeElement;
    if (active instanceof HTMLElement && container.querySelector('[data-menu-view="home"]')?.contains(active)) return active;
    return container.querySelector<HTMLElement>(`[data-opens="${left.current}"]`);
  }, []);
  const ref = useViewFocus<HTMLDivElement>(view, { target });
  const go = (next: MenuView) => {
    left.current = view;
    onView(next);
  };
  const context = useMemo<UserMenuContextValue>(
    () => ({ walletActionsTarget, showHome: () => onView('home'), reportNetwork, reportWalletScreen, buyUrl: props.buyUrl }),
    [walletActionsTarget, onView, props.buyUrl],
  );
  const hasAccount = views.account != null || views.profile != null || linkedAccounts.length > 0 || (onLink !== undefined && linkableProviders.length > 0);
  const listed: MenuView[] = [...(views.wallets != null ? (['wallets'] as const) : []), ...(views.security != null ? (['security'] as const) : []), ...(hasAccount ? (['account'] as const) : [])];
  const label = name ? t('menu.signedInAs', { name }) : t('menu.signedIn');
  return (
    <UserMenuContext.Provider value={context}>
      <div ref={ref} className={styles.body} data-view={view}>
        {sheetTitle ? (
          <>
            <span className={styles.handle} aria-hidden="true" />
            {sheetTitle(label)}
          </>
        ) : (
          <span id={labelId} className={visuallyHidden}>
            {label}
          </span>
        )}
        <MenuHeader
          view={view}
          name={name}
          initial={(props.displayName ?? props.email)?.charAt(0)}
          address={props.address}
          network={props.network ?? reportedNetwork}
          onBack={() => go(view === 'home' ? 'home' : parentView[view])}
        />
        {/* Home stays mounted while another view shows: the wallet keeps its screen and its connection. */}
        <div hidden={view !== 'home'} className={styles.view} data-menu-view="home">
          {props.children}
          {listed.length > 0 && !walletBusy ? (
            <nav aria-label={t('menu.view.home')}>
              <ul className={styles.navList}>
                {listed.map((item) => (
                  <li key={item}>
                    <button type="button" className={styles.navRow} data-opens={item} onClick={() => go(item)}>
                      <span className={styles.navLabel}>
                        {t(viewTitle[item])}
                        {viewHint[item] ? <span className={styles.navHint}>{t(viewHint[item])}</span> : null}
                      </span>
                      <Chevron />
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        {view === 'wallets' ? <div className={styles.view} data-menu-view="wallets">{views.wallets}</div> : null}
        {view === 'security' ? (
          <div className={styles.view} data-menu-view="security">
            {views.security}
            <div ref={setWalletActionsTarget} className={styles.slot} data-latchkey-slot="wallet-actions" />
          </div>
        ) : null}
        {view === 'account' ? (
          <div className={styles.view} data-menu-view="account">
            {views.account}
            {linkedAccounts.length > 0 || (onLink && linkableProviders.length > 0) ? (
              <LinkedAccounts
                linkedAccounts={linkedAccounts}
                linkableProviders={linkableProviders}
                onUnlink={props.onUnlink}
                stepUp={props.linkStepUp}
                onChooseLink={onLink ? () => go('linkAccount') : undefined}
                isLinking={isLinking}
                linkError={props.linkError}
              />
            ) : null}
            {views.profile}
          </div>
        ) : null}
        {view === 'linkAccount' && onLink ? (
          <div className={styles.view} data-menu-view="linkAccount">
            <LinkAccountChooser
              providers={linkableProviders}
              isLinking={isLinking}
              onLink={(provider) => {
                onLink(provider);
                onView('account');
              }}
            />
          </div>
        ) : null}
      </div>
      {view === 'home' && !walletBusy ? (
        <div className={styles.footer}>
          {links.length > 0 ? (
            <nav aria-label={t('menu.links')}>
              <ul className={styles.links}>
                {links.map((item) => (
                  <li key={`${item.label}-${item.url}`}>
                    <a className={link} href={item.url} target="_blank" rel="noopener noreferrer">
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <SupportLinks support={props.support} />
          <ErrorMessage>{isSigningOut ? undefined : errorText(props.error)}</ErrorMessage>
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              if (!isSigningOut) props.onSignOut();
            }}
            aria-disabled={isSigningOut ? true : undefined}
          >
            {isSigningOut ? <Spinner /> : null}
            {t('menu.signOut')}
          </button>
          {props.onSignOutEverywhere ? (
            <button
              type="button"
              className={button.quiet}
              onClick={() => {
                if (!isSigningOut) props.onSignOutEverywhere?.();
              }}
              aria-disabled={isSigningOut ? true : undefined}
            >
              {t('menu.signOutEverywhere')}
            </button>
          ) : null}
        </div>
      ) : null}
    </UserMenuContext.Provider>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
