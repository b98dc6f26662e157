import { useEmailSignIn, useLatchkey, useSmsSignIn } from '@latchkey/headless/react';
import { useSocialSignIn } from '@latchkey/headless/react/social';
import type { SocialProvider } from '@latchkey/protocol';
import { useMemo } from 'react';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';

/**
 * The sign-in dialog wired to the client: project settings (branding, login view) from
 * `useLatchkey()`, the e-mail flow from `useEmailSignIn()`, the SMS flow from `useSmsSignIn()`. Loaded on demand by `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const { settings, settingsStatus, settingsError } = useLatchkey();
  const emailFlow = useEmailSignIn();
  const smsFlow = useSmsSignIn();
  const social = useSocialSignIn();
  const socialFlow = useMemo(
    () => ({
      ...social,
      // A provider whose settings entry names a `redirectUrl` asks for the redirect strategy (Apple, Safari and iOS use it anyway).
      signIn: (provider: string) => {
        const entry = settings?.providers.find((candidate) => candidate.provider === provider);
        social.signIn(provider as SocialProvider, entry?.redirectUrl ? { strategy: 'redirect' } : {});
      },
    }),
    [social, settings],
  );
  return (
    <SignInDialogView
      {...props}
      settings={settings}
      settingsStatus={settingsStatus}
      settingsError={settingsError}
      emailFlow={emailFlow}
      smsFlow={smsFlow}
      socialFlow={socialFlow}
    />
  );
}
