import { useMfaEnrolment, type UseMfaEnrolmentReturnType } from '@latchkey/headless/react/mfa';
import type { ReactNode } from 'react';
import { MfaEnrolmentView } from './MfaEnrolmentView.js';

/** Adding a second step to sign-in (an authenticator app or a passkey, then the recovery codes) on its own, over `useMfaEnrolment()`. */
export function MfaEnrolment() {
  const flow = useMfaEnrolment();
  return <MfaEnrolmentView flow={flow} />;
}

export interface MfaEnrolmentCustomProps {
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UseMfaEnrolmentReturnType) => ReactNode;
}

/** `<MfaEnrolment.Custom>{(flow) => …}</MfaEnrolment.Custom>`: the flow with your own markup. */
function MfaEnrolmentCustom({ children }: MfaEnrolmentCustomProps) {
  return <>{children(useMfaEnrolment())}</>;
}

MfaEnrolment.Custom = MfaEnrolmentCustom;
