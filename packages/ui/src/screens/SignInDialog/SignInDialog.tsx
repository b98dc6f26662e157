import { Suspense } from 'react';
import { KitErrorBoundary } from '../../KitErrorBoundary/KitErrorBoundary.js';
import { importWhenOnline, lazyWithRetry } from '../../KitErrorBoundary/lazyWithRetry.js';
import type { SignInDialogOpenProps } from './SignInDialogView.js';

export interface SignInDialogProps extends SignInDialogOpenProps {
  /** A change (e.g. the opening button's click count) fetches the dialog's code again after it failed to load. */
  retryKey?: unknown;
}

type DialogModule = typeof import('./ConnectedSignInDialog.js');
let dialogModule: DialogModule | undefined;

/** Fetches the dialog's code (Radix Dialog, the flow's steps); call it to warm up before opening. */
export const loadSignInDialog = () =>
  importWhenOnline(() => import('./ConnectedSignInDialog.js')).then((module) => {
    dialogModule = module;
    return module;
  });

/**
 * Whether a signed-in user still misses profile fields the dialog's onboarding step asks for (`needsOnboarding`),
 * once the dialog's code is here; `false` before. The check travels with the dialog, not the first paint: only an
 * open dialog asks for optional fields, and a sign-in inside it ran the dialog's code.
 */
export const dialogNeedsOnboarding = (...args: Parameters<DialogModule['needsOnboarding']>): boolean => dialogModule?.needsOnboarding(...args) ?? false;

const ConnectedSignInDialog = lazyWithRetry(() => loadSignInDialog().then((module) => ({ default: module.ConnectedSignInDialog })));

/** Fetches the dialog's code; once it is here, the dialog opens without suspending (see `lazyWithRetry`). */
export const preloadSignInDialog = ConnectedSignInDialog.preload;
/** Whether the dialog's code is here, so that it opens at once. */
export const isSignInDialogReady = ConnectedSignInDialog.isReady;

/**
 * The sign-in dialog (Radix Dialog): project branding, the login view's blocks and the e-mail
 * code flow. Controlled (`open`/`onOpenChange`) or with a `trigger` element. Its code loads on
 * demand, so importing it costs a host's first paint nothing; until it arrives the trigger shows. If it cannot
 * arrive (offline, a redeploy), "Something went wrong. Retry" shows in its place and the host page stays; Retry, or a
 * change of `retryKey` (the opening button's click count), fetches it again.
 */
export function SignInDialog({ retryKey, ...props }: SignInDialogProps) {
  return (
    <KitErrorBoundary area="sign-in dialog" resetKey={retryKey} placement="floating" beside={props.trigger}>
      <Suspense fallback={props.trigger ?? null}>
        <ConnectedSignInDialog {...props} />
      </Suspense>
    </KitErrorBoundary>
  );
}
