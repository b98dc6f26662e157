import { useEmailSignIn, useLatchkey } from '@latchkey/headless/react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

export type SignInDialogProps = SignInDialogOpenProps;

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`. Controlled (`open`/`onOpenChange`) or
 * with a `trigger` element.
 */
export function SignInDialog(props: SignInDialogProps) {
  const { settings, settingsStatus, settingsError } = useLatchkey();
  const emailFlow = useEmailSignIn();
  return (
    <SignInDialogView
      {...props}
      settings={settings}
      settingsStatus={settingsStatus}
      settingsError={settingsError}
      emailFlow={emailFlow}
    />
  );
}
