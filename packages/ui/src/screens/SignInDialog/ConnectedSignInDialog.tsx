import { useLatchkey, useSession } from '@latchkey/headless/react';
import { useEmailSignIn } from '@latchkey/headless/react/email';
import { useMfa } from '@latchkey/headless/react/mfa';
import { usePasskey } from '@latchkey/headless/react/passkey';
import { useSmsSignIn } from '@latchkey/headless/react/sms';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import { useWalletSignIn } from '@latchkey/headless/react/wallets';
import { useEffect } from 'react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`, the SMS flow from `useSmsSignIn()`. Loaded on demand by `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const { settings, settingsStatus, settingsError, reloadSettings } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const smsFlow = useSmsSignIn();
  const socialFlow = useSocialSignIn();
  const walletFlow = useWalletSignIn();
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
      onRetrySettings={reloadSettings}
      emailFlow={emailFlow}
      smsFlow={smsFlow}
      socialFlow={socialFlow}
      walletFlow={walletFlow}
      passkeyFlow={passkeyFlow}
      sessionStatus={session.status}
      mfaFlow={mfaFlow}
    />
  );
}
