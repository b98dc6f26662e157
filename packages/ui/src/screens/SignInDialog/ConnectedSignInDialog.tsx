import { useLatchkey, useSession } from '@latchkey/headless/react';
import { useEmailSignIn } from '@latchkey/headless/react/email';
import { useMfaChallenge } from '@latchkey/headless/react/mfa';
import { usePasskeySignIn } from '@latchkey/headless/react/passkey';
import { useSmsSignIn } from '@latchkey/headless/react/sms';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import { useWalletSignIn } from '@latchkey/headless/react/wallets';
import { Profile } from '../../flows/Profile/Profile.js';
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
  const passkeyFlow = usePasskeySignIn();
  const mfaFlow = useMfaChallenge();
  // No reset on sign-out here: the flows start over by themselves when the session signs out.
  const session = useSession();
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
      onSignOut={() => void session.signOutAsync().catch(() => undefined)}
      onboardingStep={props.onboarding ? <Profile purpose="onboarding" {...(props.onSkipOnboarding ? { onSkip: props.onSkipOnboarding } : {})} /> : undefined}
    />
  );
}
