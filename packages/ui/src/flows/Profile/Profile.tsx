import { useLatchkey } from '@latchkey/headless/react';
import { useProfile, type UseProfileReturnType } from '@latchkey/headless/react/profile';
import type { ReactNode } from 'react';
import { ProfileView } from './ProfileView.js';

export interface ProfileProps {
  /** `edit` (default): every field, for the user menu's Account view; `onboarding`: the missing fields after sign-in. */
  purpose?: 'edit' | 'onboarding';
  /** Onboarding with only optional fields: what "Skip for now" does (without it, no Skip button). */
  onSkip?: () => void;
}

/** The signed-in user's profile over `useProfile()`: onboarding after sign-in, or editing later (deleting the account is `DeleteAccount`). */
export function Profile({ purpose = 'edit', onSkip }: ProfileProps) {
  const flow = useProfile({ purpose });
  const { settings } = useLatchkey();
  return (
    <ProfileView
      flow={flow}
      purpose={purpose}
      heading={settings?.general.collectUserDataWelcomeHeader}
      intro={settings?.general.collectUserDataWelcomeMessage}
      onSkip={onSkip}
    />
  );
}

export interface ProfileCustomProps {
  purpose?: 'edit' | 'onboarding';
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UseProfileReturnType) => ReactNode;
}

/** `<Profile.Custom>{(flow) => …}</Profile.Custom>`: the flow with your own markup. */
function ProfileCustom({ purpose = 'edit', children }: ProfileCustomProps) {
  return <>{children(useProfile({ purpose }))}</>;
}

Profile.Custom = ProfileCustom;
