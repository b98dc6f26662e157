import { useMfaDevices, type UseMfaDevicesReturnType } from '@latchkey/headless/react/mfa';
import type { ReactNode } from 'react';
import { MfaDevicesView } from './MfaDevicesView.js';

/** The signed-in user's second-step devices (rename, make default, delete; new recovery codes) on their own, over `useMfaDevices()`. */
export function MfaDevices() {
  const flow = useMfaDevices();
  return <MfaDevicesView flow={flow} />;
}

export interface MfaDevicesCustomProps {
  /** Your own markup for the flow, from the same view model the kit's view uses. */
  children: (flow: UseMfaDevicesReturnType) => ReactNode;
}

/** `<MfaDevices.Custom>{(flow) => …}</MfaDevices.Custom>`: the flow with your own markup. */
function MfaDevicesCustom({ children }: MfaDevicesCustomProps) {
  return <>{children(useMfaDevices())}</>;
}

MfaDevices.Custom = MfaDevicesCustom;
