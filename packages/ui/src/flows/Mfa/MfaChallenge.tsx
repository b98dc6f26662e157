import { ErrorMessage } from '../../ErrorMessage.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import { TotpCodeForm } from './TotpCodeForm.js';
import type { MfaFlowModel } from './types.js';

export interface MfaChallengeProps {
  flow: Pick<MfaFlowModel, 'status' | 'error' | 'submitCode' | 'cancel'>;
}

/**
 * The second factor after sign-in: the authenticator app's code. A wrong code shows 'Invalid code'
 * and lets the user try again; the attempt limit ends it ("Sign in again"). The root carries `data-state`.
 */
export function MfaChallenge({ flow }: MfaChallengeProps) {
  return (
    <div className={stack} data-flow="mfa" data-state={flow.status}>
      {flow.status === 'failed' ? (
        <>
          <ErrorMessage>{flow.error?.message}</ErrorMessage>
          <button type="button" className={button.primary} onClick={() => flow.cancel()}>
            Sign in again
          </button>
        </>
      ) : (
        <>
          <p className={mutedText}>Enter the code from your authenticator app to finish signing in.</p>
          <TotpCodeForm isVerifying={flow.status === 'verifying' || flow.status === 'done'} error={flow.error} onSubmit={(code) => flow.submitCode(code)} />
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
