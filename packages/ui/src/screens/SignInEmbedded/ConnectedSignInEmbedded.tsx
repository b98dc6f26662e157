import { needsOnboarding, useLatchkey, useSession } from '@latchkey/headless/react';
import { useState, type ReactNode } from 'react';
import { Profile } from '../../flows/Profile/Profile.js';
import { useSignInFlows } from '../SignInDialog/useSignInFlows.js';
import { SignInEmbeddedView } from './SignInEmbeddedView.js';

/**
 * The embedded sign-in wired to the client: signed out, the sign-in inline (`SignInEmbeddedView` with every flow);
 * signed in, the user menu in its place. Profile fields still missing after a sign-in here are asked inline too —
 * a required one holds the sign-in back (also for a restored session), optional ones can be skipped. Loaded on demand
 * by `SignInEmbedded`, which hands it the menu (`UserMenu`, already on the page with `SignInButton`: importing it here
 * would split it into a chunk of its own).
 */
export function ConnectedSignInEmbedded({ menu }: { menu: (autoFocus: boolean) => ReactNode }) {
  const session = useSession();
  const { settings } = useLatchkey();
  const [skipped, setSkipped] = useState(false);
  // Optional fields are asked only of someone who signed in here, not of a session restored on page load. Tracked
  // while rendering (not in an effect), so the sign-in does not flash the menu before its onboarding step.
  const [signedInHere, setSignedInHere] = useState(false);
  const [previous, setPrevious] = useState(session.status);
  if (previous !== session.status) {
    setPrevious(session.status);
    const signedIn = session.status === 'signedIn' || session.status === 'onboarding';
    if (!signedIn) {
      setSkipped(false);
      setSignedInHere(false);
    } else if (previous !== 'restoring' && previous !== 'signedIn' && previous !== 'onboarding') {
      setSignedInHere(true);
    }
  }
  const required = session.status === 'onboarding';
  const missing = session.status === 'signedIn' && settings !== undefined && needsOnboarding(settings, session.user);
  const onboarding = required || (missing && signedInHere && !skipped);
  if (session.status === 'signedIn' && !onboarding) {
    // Focus was in the sign-in that just left: it goes on to the menu's trigger, not to the page's body.
    return menu(signedInHere);
  }
  return (
    <EmbeddedSignIn
      restoring={session.status === 'restoring'}
      onboarding={onboarding}
      onboardingRequired={required}
      onSkipOnboarding={() => setSkipped(true)}
    />
  );
}

interface EmbeddedSignInProps {
  /** The stored session is being restored: the card says it is loading rather than offer a sign-in it may not need. */
  restoring: boolean;
  onboarding: boolean;
  onboardingRequired: boolean;
  onSkipOnboarding: () => void;
}

function EmbeddedSignIn({ restoring, onboarding, onboardingRequired, onSkipOnboarding }: EmbeddedSignInProps) {
  const flows = useSignInFlows();
  return (
    <SignInEmbeddedView
      {...flows}
      {...(restoring ? { settingsStatus: 'loading' as const } : {})}
      onboardingRequired={onboardingRequired}
      onboardingStep={onboarding ? <Profile purpose="onboarding" onSkip={onSkipOnboarding} /> : undefined}
    />
  );
}
