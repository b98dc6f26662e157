import { useLatchkey, useSession } from '@latchkey/headless/react';
import { useEmailSignIn } from '@latchkey/headless/react/email';
import { useMfaChallenge } from '@latchkey/headless/react/mfa';
import { usePasskeySignIn } from '@latchkey/headless/react/passkey';
import { useSmsSignIn } from '@latchkey/headless/react/sms';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import { useWalletSignIn } from '@latchkey/headless/react/wallets';
import type { SignInContentProps } from './signInProps.js';

/**
 * The sign-in's content wired to the client: project settings (branding, login view) from `useLatchkey()`, and every
 * sign-in flow's hook. The dialog and the embedded sign-in both read it.
 */
export function useSignInFlows(): Omit<SignInContentProps, 'onboardingStep' | 'onboardingRequired'> {
  const { settings, settingsStatus, settingsError, reloadSettings } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const smsFlow = useSmsSignIn();
  const socialFlow = useSocialSignIn();
  const walletFlow = useWalletSignIn();
  const passkeyFlow = usePasskeySignIn();
  const mfaFlow = useMfaChallenge();
  // No reset on sign-out here: the flows start over by themselves when the session signs out.
  const session = useSession();
  return {
    settings,
    settingsStatus,
    settingsError,
    onRetrySettings: reloadSettings,
    emailFlow,
    smsFlow,
    socialFlow,
    walletFlow,
    passkeyFlow,
    sessionStatus: session.status,
    mfaFlow,
    onSignOut: () => void session.signOutAsync().catch(() => undefined),
  };
}
