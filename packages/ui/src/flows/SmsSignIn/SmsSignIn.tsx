import { useLatchkey } from '@latchkey/headless/react';
import { useSmsSignIn } from '@latchkey/headless/react/sms';
import type { ReactNode } from 'react';
import { smsCountries } from './countries.js';
import { SmsSignInView } from './SmsSignInView.js';

/**
 * The SMS code flow on its own (no dialog): country and number, code, done or failed, switched on
 * `useSmsSignIn().status`, with the countries of the project's SMS provider; the root carries `data-state`.
 */
export function SmsSignIn() {
  const flow = useSmsSignIn();
  const { settings } = useLatchkey();
  return <SmsSignInView flow={flow} countries={smsCountries(settings)} />;
}

export interface SmsSignInCustomProps {
  /** Your own markup for the flow, from the same view model the kit's steps use. */
  children: (flow: ReturnType<typeof useSmsSignIn>) => ReactNode;
}

/** `<SmsSignIn.Custom>{(flow) => …}</SmsSignIn.Custom>`: the flow with your own markup. */
function SmsSignInCustom({ children }: SmsSignInCustomProps) {
  return <>{children(useSmsSignIn())}</>;
}

SmsSignIn.Custom = SmsSignInCustom;
