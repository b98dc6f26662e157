import { useDeleteAccount, type UseDeleteAccountReturnType } from '@latchkey/headless/react/account';
import type { ReactNode } from 'react';
import { StepUpPrompt } from '../MfaDevices/StepUpPrompt.js';
import { DeleteAccountStep } from './DeleteAccountStep.js';

/**
 * "Delete account…" over `useDeleteAccount()`: the typed confirmation, then — when the server wants a second factor
 * passed lately — "Confirm it's you" (`StepUpPrompt`), and the account goes (the user is signed out).
 */
export function DeleteAccount({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const flow = useDeleteAccount();
  return (
    <DeleteAccountStep
      status={flow.status}
      error={flow.error}
      stepUp={flow.stepUp ? <StepUpPrompt flow={flow.stepUp} /> : undefined}
      defaultOpen={defaultOpen}
      onDelete={flow.deleteAccount}
    />
  );
}

export interface DeleteAccountCustomProps {
  /** Your own markup for the flow, from the same view model the kit's step uses. */
  children: (flow: UseDeleteAccountReturnType) => ReactNode;
}

/** `<DeleteAccount.Custom>{(flow) => …}</DeleteAccount.Custom>`: the flow with your own markup. */
function DeleteAccountCustom({ children }: DeleteAccountCustomProps) {
  return <>{children(useDeleteAccount())}</>;
}

DeleteAccount.Custom = DeleteAccountCustom;
