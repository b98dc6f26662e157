import { useEmailSignIn } from '@latchkey/headless/react/email';
import type { ReactNode } from 'react';
import { EmailSignInView } from './EmailSignInView.js';

/**
 * The e-mail code flow on its own (no dialog): e-mail step, code step, done or failed, switched
 * on `useEmailSignIn().status`; the root carries `data-state`.
 */
export function EmailSignIn() {
  const flow = useEmailSignIn();
  return <EmailSignInView flow={flow} />;
}

export interface EmailSignInCustomProps {
  /** Your own markup for the flow, from the same view model the kit's steps use. */
  children: (flow: ReturnType<typeof useEmailSignIn>) => ReactNode;
}

/** `<EmailSignIn.Custom>{(flow) => …}</EmailSignIn.Custom>`: the flow with your own markup. */
function EmailSignInCustom({ children }: EmailSignInCustomProps) {
  return <>{children(useEmailSignIn())}</>;
}

EmailSignIn.Custom = EmailSignInCustom;
