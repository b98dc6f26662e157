import { useMfaChallenge, type UseMfaChallengeReturnType } from '@latchkey/headless/react/mfa';
import type { ReactNode } from 'react';
import { MfaChallengeView } from './MfaChallengeView.js';

/**
 * The second factor after sign-in on its own (no dialog), over `useMfaChallenge()`: while the session
 * waits in `mfa`, the authenticator app's code, a passkey or a recovery code — or, MFA required, setting
 * up an app first; nothing otherwise. The root carries `data-state`.
 */
export function MfaChallenge() {
  const flow = useMfaChallenge();
  return flow.challenge === undefined ? null : <MfaChallengeView flow={flow} />;
}

export interface MfaChallengeCustomProps {
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UseMfaChallengeReturnType) => ReactNode;
}

/** `<MfaChallenge.Custom>{(flow) => …}</MfaChallenge.Custom>`: the flow with your own markup. */
function MfaChallengeCustom({ children }: MfaChallengeCustomProps) {
  return <>{children(useMfaChallenge())}</>;
}

MfaChallenge.Custom = MfaChallengeCustom;
