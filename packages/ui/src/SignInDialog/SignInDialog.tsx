import { lazy, Suspense } from 'react';
import type { SignInDialogOpenProps } from './SignInDialogView.js';

export type SignInDialogProps = SignInDialogOpenProps;

/** Fetches the dialog's code (Radix Dialog, the flow's steps); call it to warm up before opening. */
export const loadSignInDialog = () => import('./ConnectedSignInDialog.js');

const ConnectedSignInDialog = lazy(() => loadSignInDialog().then((module) => ({ default: module.ConnectedSignInDialog })));

/**
 * The sign-in dialog (Radix Dialog): project branding, the login view's blocks and the e-mail
 * code flow. Controlled (`open`/`onOpenChange`) or with a `trigger` element. Its code loads on
 * demand, so importing it costs a host's first paint nothing; until it arrives the trigger shows.
 */
export function SignInDialog(props: SignInDialogProps) {
  return (
    <Suspense fallback={props.trigger ?? null}>
      <ConnectedSignInDialog {...props} />
    </Suspense>
  );
}
