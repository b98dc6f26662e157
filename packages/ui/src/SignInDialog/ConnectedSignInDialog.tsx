import { useEmailSignIn, useLatchkey, useMfa, usePasskey, useSession } from '@latchkey/headless/react';
import { useEffect } from 'react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`. Loaded on demand by `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const { settings, settingsStatus, settingsError } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const passkeyFlow = usePasskey();
  const mfaFlow = useMfa();
  const session = useSession();
  // A second factor abandoned (or its token spent) brings the session back to signed out: start over.
  const { reset: resetEmail } = emailFlow;
  const { reset: resetPasskey } = passkeyFlow;
  const { reset: resetMfa } = mfaFlow;
  useEffect(() => {
    if (session.status !== 'signedOut') return;
    if (emailFlow.status === 'done') resetEmail();
    if (passkeyFlow.status === 'done') resetPasskey();
    if (mfaFlow.status !== 'idle') resetMfa();
  }, [session.status]);
  return (
    <SignInDialogView
      {...props}
      settings={settings}
      settingsStatus={settingsStatus}
      settingsError={settingsError}
      emailFlow={emailFlow}
      passkeyFlow={passkeyFlow}
      sessionStatus={session.status}
      mfaFlow={mfaFlow}
    />
  );
}
