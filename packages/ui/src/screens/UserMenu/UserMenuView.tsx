import * as Popover from '@radix-ui/react-popover';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { useMessages } from '../../messages/useMessages.js';
import { button } from '../../styles/shared.css.js';
import { KitLayer } from '../../theme/ThemeRoot.js';
import { MenuBody, PopoverContent } from './MenuBody.js';
import { PersonGlyph } from './MenuHeader.js';
import type { MenuView } from './menuViews.js';
import type { UserMenuViewProps } from './userMenuViewProps.js';
import { useNarrowScreen } from './useNarrowScreen.js';
import * as styles from './UserMenu.css.js';

const UserMenuSheet = lazyWithRetry(() => import('./UserMenuSheet.js').then((module) => ({ default: module.UserMenuSheet })));

export type { LinkedAccount } from './AccountView.js';
export type { UserMenuViewProps } from './userMenuViewProps.js';
export type { MenuView } from './menuViews.js';

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
  // On a narrow screen the sheet's code is fetched at once, so that a menu opened right after the page loads (back
  // from a wallet's redirect) shows the popover stand-in as briefly as can be.
  useEffect(() => {
    if (narrow) UserMenuSheet.preload().catch(() => undefined);
  }, [narrow]);
  const name = displayName ?? email ?? phoneNumber ?? walletAddress;
  const [view, setView] = useState<MenuView>(props.defaultView ?? 'home');
  const changeOpen = (next: boolean) => {
    // Closing returns to Home: the menu opens where people expect it.
    if (!next) setView('home');
    onOpenChange?.(next);
  };
  // Open state lives here, so it carries over when the sheet's code arrives after a click on the stand-in popover.
  const [openState, setOpenState] = useState(defaultOpen ?? false);
  const rootProps = {
    open: open ?? openState,
    onOpenChange: (next: boolean) => {
      if (open === undefined) setOpenState(next);
      changeOpen(next);
    },
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

