import { useEmailSignIn, useLatchkey, usePasskey } from '@latchkey/headless/react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`. Loaded on demand by `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const { settings, settingsStatus, settingsError } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const passkeyFlow = usePasskey();
  return (
    <SignInDialogView
      {...props}
      settings={settings}
      settingsStatus={settingsStatus}
      settingsError={settingsError}
      emailFlow={emailFlow}
      passkeyFlow={passkeyFlow}
    />
  );
}
