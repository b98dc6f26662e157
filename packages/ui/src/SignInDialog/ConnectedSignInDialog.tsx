import { useEmailSignIn, useLatchkey, useSmsSignIn } from '@latchkey/headless/react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`, the SMS flow from `useSmsSignIn()`. Loaded on demand by `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const { settings, settingsStatus, settingsError } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const smsFlow = useSmsSignIn();
  return (
    <SignInDialogView
      {...props}
      settings={settings}
      settingsStatus={settingsStatus}
      settingsError={settingsError}
      emailFlow={emailFlow}
      smsFlow={smsFlow}
    />
  );
}
