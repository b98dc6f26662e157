import { useSession } from '@latchkey/headless/react/provider';
import { Suspense, useEffect, useRef, useState } from 'react';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { importWhenOnline, lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { useFirstPaintMessages } from '../../messages/useFirstPaintMessages.js';
import { button } from '../../styles/shared.css.js';
import { accountName } from './accountName.js';
import type { UserMenuProps } from './ConnectedUserMenu.js';

export type { UserMenuProps } from './ConnectedUserMenu.js';

/** Fetches the menu's code (Radix Popover); call it to warm up before the user signs in. */
export const loadUserMenu = () => importWhenOnline(() => import('./ConnectedUserMenu.js'));

const ConnectedUserMenu = lazyWithRetry(() => loadUserMenu().then((module) => ({ default: module.ConnectedUserMenu })));

/**
 * The signed-in user's menu (Radix Popover): their e-mail and "Sign out"; nothing when signed out.
 * Its code loads on demand. Meanwhile a look-alike trigger stands in; a click on it opens the menu
 * as soon as the code arrives, so no click is lost.
 */
export function UserMenu(props: UserMenuProps) {
  // Clicks on the stand-in trigger: the menu opens when its code arrives; after a failed load, a click tries again.
  const [openRequests, setOpenRequests] = useState(0);
  const requestOpen = () => setOpenRequests((count) => count + 1);
  const opening = openRequests > 0 && props.open === undefined ? { defaultOpen: true } : {};
  // The menu's code may fail to load (offline): Retry, or a click on the stand-in trigger, fetches it again.
  return (
    <KitErrorBoundary
      area="user menu"
      resetKey={openRequests}
      onRetry={requestOpen}
      placement="floating"
      beside={<MenuPlaceholder autoFocus={false} onRequestOpen={requestOpen} />}
    >
      <Suspense fallback={<MenuPlaceholder autoFocus={props.autoFocus} onRequestOpen={requestOpen} />}>
        <ConnectedUserMenu {...props} {...opening} />
      </Suspense>
    </KitErrorBoundary>
  );
}

function MenuPlaceholder({ autoFocus, onRequestOpen }: { autoFocus: boolean | undefined; onRequestOpen: () => void }) {
  const { status, user } = useSession();
  const t = useFirstPaintMessages();
  const ref = useRef<HTMLButtonElement>(null);
  const signedIn = status === 'signedIn';
  useEffect(() => {
    if (autoFocus && signedIn) ref.current?.focus();
  }, [autoFocus, signedIn]);
  if (!signedIn) return null;
  const email = accountName(user);
  return (
    <button
      ref={ref}
      type="button"
      className={button.secondary}
      aria-haspopup="dialog"
      aria-expanded="false"
      aria-busy="true"
      aria-label={email ? t('menu.trigger.named', { name: email }) : t('menu.trigger')}
      onClick={onRequestOpen}
    >
      {email ?? t('menu.trigger')}
    </button>
  );
}
