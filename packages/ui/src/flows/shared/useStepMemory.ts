import { useState } from 'react';
import type { EmailFlowStatus } from '../EmailSignIn/EmailSignInModel.js';

export interface StepMemory {
  /** `sendingCode` reached from `awaitingCode`: a resend, which stays on the code step. */
  resending: boolean;
  /** The last address the flow knew, to pre-fill the e-mail step after "Use a different email". */
  lastEmail: string | undefined;
}

/**
 * What the flow's status alone does not say: whether `sendingCode` is a first send or a resend,
 * and which address was used before going back. Derived while rendering, from the previous status.
 */
export function useStepMemory(status: EmailFlowStatus, email: string | undefined): StepMemory {
  const [memory, setMemory] = useState<StepMemory & { status: EmailFlowStatus }>({
    status,
    resending: false,
    lastEmail: email,
  });
  const lastEmail = email ?? memory.lastEmail;
  if (memory.status !== status || memory.lastEmail !== lastEmail) {
    const resending =
      status === 'sendingCode' && (memory.status === 'awaitingCode' || (memory.status === 'sendingCode' && memory.resending));
    setMemory({ status, resending, lastEmail });
    return { resending, lastEmail };
  }
  return memory;
}
