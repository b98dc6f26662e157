import { useSession } from '@latchkey/headless/react';
import { lazy, Suspense } from 'react';
import { button } from '../styles/shared.css.js';
import type { UserMenuProps } from './ConnectedUserMenu.js';

export type { UserMenuProps } from './ConnectedUserMenu.js';

/** Fetches the menu's code (Radix Popover). */
export const loadUserMenu = () => import('./ConnectedUserMenu.js');

const ConnectedUserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.ConnectedUserMenu })));

/**
 * The signed-in user's menu (Radix Popover): their e-mail and "Sign out"; nothing when signed out.
 * Its code loads on demand; a look-alike, inert trigger stands in for that moment.
 */
export function UserMenu(props: UserMenuProps) {
  return (
    <Suspense fallback={<MenuPlaceholder />}>
      <ConnectedUserMenu {...props} />
    </Suspense>
  );
}

function MenuPlaceholder() {
  const { status, user } = useSession();
  if (status !== 'signedIn') return null;
  return (
    <button type="button" className={button.secondary} aria-disabled="true">
      {user?.email ?? 'Account'}
    </button>
  );
}
