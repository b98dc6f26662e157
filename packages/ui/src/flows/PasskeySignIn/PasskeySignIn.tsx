import { usePasskeySignIn, type UsePasskeySignInReturnType } from '@latchkey/headless/react/passkey';
import type { ReactNode } from 'react';
import { PasskeySignInView } from './PasskeySignInView.js';

/** Passkey sign-in on its own (no dialog), over `usePasskeySignIn()`; the root carries `data-state`. */
export function PasskeySignIn() {
  const flow = usePasskeySignIn();
  return <PasskeySignInView flow={flow} />;
}

export interface PasskeySignInCustomProps {
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UsePasskeySignInReturnType) => ReactNode;
}

/** `<PasskeySignIn.Custom>{(flow) => …}</PasskeySignIn.Custom>`: the flow with your own markup. */
function PasskeySignInCustom({ children }: PasskeySignInCustomProps) {
  return <>{children(usePasskeySignIn())}</>;
}

PasskeySignIn.Custom = PasskeySignInCustom;
