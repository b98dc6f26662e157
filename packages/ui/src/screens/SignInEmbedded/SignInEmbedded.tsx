import { Suspense } from 'react';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { importWhenOnline, lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import { UserMenu } from '../UserMenu/UserMenu.js';

/** Fetches the embedded sign-in's code (the sign-in's content and flows); call it to warm up. */
export const loadSignInEmbedded = () => importWhenOnline(() => import('../SignInDialog/ConnectedSignInDialog.js'));

const ConnectedSignInEmbedded = lazyWithRetry(() => loadSignInEmbedded().then((module) => ({ default: module.ConnectedSignInEmbedded })));

const userMenu = (autoFocus: boolean) => <UserMenu autoFocus={autoFocus} />;

/**
 * The sign-in inline in the host's page, not in a modal: the same login view and flows as the dialog, in a card that
 * takes its place in the layout (up to 400 px wide); once signed in, the user menu takes its place. It is what
 * `SignInButton` shows when the project's `design.modal.view` is `'embedded'`; rendered directly it is inline
 * whatever that setting says (the host chose the place, e.g. a sign-in page). Its code loads on demand; if it cannot
 * (offline), "Something went wrong. Retry" shows in its place.
 */
export function SignInEmbedded() {
  return (
    <KitErrorBoundary area="embedded sign-in">
      <Suspense fallback={null}>
        <ConnectedSignInEmbedded menu={userMenu} />
      </Suspense>
    </KitErrorBoundary>
  );
}
