import { Profile } from '../../flows/Profile/Profile.js';
import { SignInDialogView, type SignInDialogOpenProps } from './SignInDialogView.js';
import { useSignInFlows } from './useSignInFlows.js';

/**
 * The embedded sign-in loads from here too (`loadSignInEmbedded`): one chunk for both frames, which share nearly all
 * their code (the content, the flows). A dynamic import of its own made the bundler split what the page's first chunk
 * shares with it into extra small chunks — 0.3 KiB gzip more on every host's first load (bench/size.mjs); an embedded
 * sign-in loads the dialog's Radix code with it instead, unused.
 */
export { ConnectedSignInEmbedded } from '../SignInEmbedded/ConnectedSignInEmbedded.js';
// The onboarding check of `SignInButton` (see `dialogNeedsOnboarding`): it comes with the dialog's code.
export { needsOnboarding } from '@latchkey/headless/react';

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
