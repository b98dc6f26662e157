import { usePasskeyManager, type UsePasskeyManagerReturnType } from '@latchkey/headless/react/passkey';
import type { ReactNode } from 'react';
import { PasskeyManagerView } from './PasskeyManagerView.js';

/** The signed-in user's passkeys on their own, over `usePasskeyManager()`: the list loads when shown; the root carries `data-state`. */
export function PasskeyManager() {
  const flow = usePasskeyManager();
  return <PasskeyManagerView flow={flow} />;
}

export interface PasskeyManagerCustomProps {
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UsePasskeyManagerReturnType) => ReactNode;
}

/** `<PasskeyManager.Custom>{(flow) => …}</PasskeyManager.Custom>`: the flow with your own markup. */
function PasskeyManagerCustom({ children }: PasskeyManagerCustomProps) {
  return <>{children(usePasskeyManager())}</>;
}

PasskeyManager.Custom = PasskeyManagerCustom;
