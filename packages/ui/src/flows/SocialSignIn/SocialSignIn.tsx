import { useSocialSignIn, type UseSocialSignInParameters } from '@latchkey/headless/react/social';
import type { SocialProvider } from '@latchkey/protocol';
import type { ReactNode } from 'react';
import { SocialSignInView } from './SocialSignInView.js';

export interface SocialSignInProps extends UseSocialSignInParameters {
  providers: readonly string[];
  numOfItemsToDisplay?: number | undefined;
}

/** The social block wired to `useSocialSignIn()`; the root carries `data-state`. */
export function SocialSignIn({ providers, numOfItemsToDisplay, ...parameters }: SocialSignInProps) {
  const flow = useSocialSignIn(parameters);
  return (
    <SocialSignInView
      providers={providers}
      numOfItemsToDisplay={numOfItemsToDisplay}
      status={flow.status}
      activeProvider={flow.provider}
      error={flow.error}
      onSelect={(provider) => flow.signIn(provider as SocialProvider)}
      onCancel={flow.cancel}
    />
  );
}

export interface SocialSignInCustomProps extends UseSocialSignInParameters {
  children: (flow: ReturnType<typeof useSocialSignIn>) => ReactNode;
}

function SocialSignInCustom({ children, ...parameters }: SocialSignInCustomProps) {
  return <>{children(useSocialSignIn(parameters))}</>;
}

SocialSignIn.Custom = SocialSignInCustom;
