import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { useMessages } from '../../messages/useMessages.js';
import { Spinner } from '../../Spinner.js';
import { button, link, visuallyHidden } from '../../styles/shared.css.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import { LinkAccountChooser, LinkedAccounts, type LinkedAccount } from './AccountView.js';
import { MenuHeader, PersonGlyph } from './MenuHeader.js';
import { parentView, viewHint, viewTitle, type MenuView } from './menuViews.js';
import { useNarrowScreen } from './useNarrowScreen.js';
import { UserMenuContext, type UserMenuContextValue } from './userMenuContext.js';
import * as styles from './UserMenu.css.js';

export type { LinkedAccount } from './AccountView.js';
export type { MenuView } from './menuViews.js';

export interface UserMenuViewProps {
  /** The signed-in user's e-mail; the menu says "Account" without one (or the phone number). */
  email: string | undefined;
  /** The user's phone number (international format), shown when there is no e-mail. */
  phoneNumber?: string | undefined;
  /** The primary wallet's short address (`9yaW…8Q9R`), the account's name when it has no e-mail or number. */
  walletAddress?: string | undefined;
  /** The primary wallet's full address: the header's copy button copies it. */
  address?: string | undefined;
  /** The user's display name (first and last name, or user name), shown before the e-mail. */
  displayName?: string | undefined;
  /** The network's name for the header; a wallet panel inside the menu reports its own when this is not given. */
  network?: string | undefined;
  /** An onramp's page: the wallet panel offers Buy only with one. */
  buyUrl?: string | undefined;
  onSignOut: () => void;
  /** The organisation's links (branding `customMenuLinks`), already checked to be https. */
  links?: readonly { label: string; url: string }[] | undefined;
  isSigningOut?: boolean;
  /** Sign-out failure, shown in the menu (its `message` is the spec's wording). */
  error?: { message: string } | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * `popover` anchored to the trigger, `sheet` from the bottom of the screen, or `auto` (default): a sheet below
   * 480 px wide.
   */
  layout?: 'auto' | 'popover' | 'sheet' | undefined;
  /** The view shown when the menu opens (stories, tests); Home by default. */
  defaultView?: MenuView | undefined;
  triggerRef?: Ref<HTMLButtonElement>;
  /** The Home view under the header: the wallet panel (balances, Send, Receive). */
  children?: ReactNode;
  /** The other views' contents; Home lists a view only when it has some. */
  views?: {
    /** Linked wallets: marks, primary badge, make primary, link, unlink. */
    wallets?: ReactNode;
    /** Passkeys, two-step sign-in; the wallet panel adds its key actions (export, recover) below. */
    security?: ReactNode;
    /** Adding an e-mail or phone number (above the linked social accounts). */
    account?: ReactNode;
    /** The host's profile fields (below the linked social accounts). */
    profile?: ReactNode;
  };
  /** The user's social accounts (verified credentials of format `oauth`). */
  linkedAccounts?: readonly LinkedAccount[] | undefined;
  /** Enabled providers the user may link (those not linked yet). */
  linkableProviders?: readonly string[] | undefined;
  /** Called inside the click handler (a popup opens there). */
  onLink?: ((provider: string) => void) | undefined;
  onUnlink?: ((credentialId: string) => void) | undefined;
  /** A link or unlink under way. */
  isLinking?: boolean | undefined;
  /** Linking or unlinking failure, as a sentence (e.g. 'This social account belongs to another user.'). */
  linkError?: { message: string } | undefined;
}

/**
 * The signed-in user's menu: a header (who, the wallet address to copy, the network), then one view at a time —
 * Home (the wallet, and the list of the other views), Wallets, Security, Account — with Back, and a footer with the
 * organisation's links and "Sign out". A Radix Popover; below 480 px wide, a bottom sheet (Radix Dialog).
 * Presentational.
 */
export function UserMenuView(props: UserMenuViewProps) {
  const { email, phoneNumber, walletAddress, displayName, open, defaultOpen, onOpenChange, triggerRef } = props;
  const t = useMessages();
  const narrowScreen = useNarrowScreen();
  const narrow = props.layout === 'sheet' || (props.layout !== 'popover' && narrowScreen);
  const name = displayName ?? email ?? phoneNumber ?? walletAddress;
  const [view, setView] = useState<MenuView>(props.defaultView ?? 'home');
  const changeOpen = (next: boolean) => {
    // Closing returns to Home: the menu opens where people expect it.
    if (!next) setView('home');
    onOpenChange?.(next);
  };
  const rootProps = {
    ...(open === undefined ? {} : { open }),
    ...(defaultOpen === undefined ? {} : { defaultOpen }),
    onOpenChange: changeOpen,
  };
  const trigger = (
    <>
      <span aria-hidden="true" className={styles.avatar}>
        {(displayName ?? email)?.charAt(0) ?? <PersonGlyph />}
      </span>
      <span className={styles.triggerLabel}>{name ?? t('menu.trigger')}</span>
    </>
  );
  const triggerProps = { ref: triggerRef, className: `${button.secondary} ${styles.trigger}`, 'aria-label': name ? t('menu.trigger.named', { name }) : t('menu.trigger') };
  if (narrow) {
    return (
      <Dialog.Root {...rootProps}>
        <Dialog.Trigger {...triggerProps}>{trigger}</Dialog.Trigger>
        <Dialog.Portal>
          <KitLayer>
            <Dialog.Overlay className={styles.overlay} />
            <Dialog.Content className={styles.sheet} aria-describedby={undefined} data-latchkey-menu="user" data-layout="sheet" onOpenAutoFocus={focusContent}>
              <MenuBody {...props} name={name} view={view} onView={setView} sheet />
            </Dialog.Content>
          </KitLayer>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }
  return (
    <Popover.Root {...rootProps}>
      <Popover.Trigger {...triggerProps}>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <KitLayer>
          <PopoverContent>
            <MenuBody {...props} name={name} view={view} onView={setView} sheet={false} />
          </PopoverContent>
        </KitLayer>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * On open, focus goes to the menu itself (its name is read), not to its first button: the copy button would wear a
 * focus ring nobody asked for. Tab then walks the menu from the top.
 */
function focusContent(event: Event) {
  event.preventDefault();
  if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
}

function PopoverContent({ children }: { children: ReactNode }) {
  const labelId = useId();
  return (
    <Popover.Content className={styles.content} align="end" sideOffset={8} collisionPadding={8} aria-labelledby={labelId} data-latchkey-menu="user" data-layout="popover" onOpenAutoFocus={focusContent}>
      <LabelIdContext.Provider value={labelId}>{children}</LabelIdContext.Provider>
    </Popover.Content>
  );
}

// The popover's label lives in the body; the popover names it by id.
const LabelIdContext = createContext<string | undefined>(undefined);

interface MenuBodyProps extends UserMenuViewProps {
  name: string | undefined;
  view: MenuView;
  onView: (view: MenuView) => void;
  sheet: boolean;
}

function MenuBody({ name, view, onView, sheet, ...props }: MenuBodyProps) {
  const t = useMessages();
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
  const label = `${t('menu.signedInAs')} ${name ?? t('menu.yourAccount')}`;
  return (
    <UserMenuContext.Provider value={context}>
      <div ref={ref} className={styles.body} data-view={view}>
        {sheet ? (
          <>
            <span className={styles.handle} aria-hidden="true" />
            <Dialog.Title className={visuallyHidden}>{label}</Dialog.Title>
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
          <ErrorMessage>{isSigningOut ? undefined : props.error?.message}</ErrorMessage>
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
