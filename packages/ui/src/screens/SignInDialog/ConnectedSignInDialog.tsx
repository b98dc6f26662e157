import { Profile } from '../../flows/Profile/Profile.js';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';
import { useSignInFlows } from './useSignInFlows.js';

/**
 * The sign-in dialog wired to the client (`useSignInFlows`: settings and every sign-in flow). Loaded on demand by
 * `SignInDialog`.
 */
export function ConnectedSignInDialog(props: SignInDialogOpenProps) {
  const flows = useSignInFlows();
  return (
    <SignInDialogView
      {...props}
      {...flows}
      onboardingStep={props.onboarding ? <Profile purpose="onboarding" {...(props.onSkipOnboarding ? { onSkip: props.onSkipOnboarding } : {})} /> : undefined}
    />
  );
}
