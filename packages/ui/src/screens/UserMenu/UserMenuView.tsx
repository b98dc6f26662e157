import * as Popover from '@radix-ui/react-popover';
import { Suspense, useState, type ReactNode, type Ref } from 'react';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { useMessages } from '../../messages/useMessages.js';
import { button } from '../../styles/shared.css.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import type { LinkedAccount } from './AccountView.js';
import { MenuBody, PopoverContent } from './MenuBody.js';
import { PersonGlyph } from './MenuHeader.js';
import type { MenuView } from './menuViews.js';
import { useNarrowScreen } from './useNarrowScreen.js';
import * as styles from './UserMenu.css.js';

const UserMenuSheet = lazyWithRetry(() => import('./UserMenuSheet.js').then((module) => ({ default: module.UserMenuSheet })));

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
  const popover = (
    <Popover.Root {...rootProps}>
      <Popover.Trigger {...triggerProps}>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <KitLayer>
          <PopoverContent>
            <MenuBody {...props} name={name} view={view} onView={setView} />
          </PopoverContent>
        </KitLayer>
      </Popover.Portal>
    </Popover.Root>
  );
  if (!narrow) return popover;
  // The sheet's code (Radix Dialog) loads when a narrow screen first needs it; the popover stands in meanwhile.
  return (
    <Suspense fallback={popover}>
      <UserMenuSheet rootProps={rootProps} trigger={trigger} triggerProps={triggerProps} body={{ ...props, name, view, onView: setView }} />
    </Suspense>
  );
}

