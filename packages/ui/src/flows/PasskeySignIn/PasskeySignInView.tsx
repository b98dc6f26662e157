import type { PasskeySignInFlowModel } from './PasskeySignInModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, stack, visuallyHidden } from '../../styles/shared.css.js';
import { PasskeyIcon } from '../shared/PasskeyIcon.js';

export interface PasskeySignInViewProps {
  flow: PasskeySignInFlowModel;
}

/**
 * "Sign in with a passkey": starts the browser's passkey prompt for a discoverable credential. While
 * the prompt is up (`signingIn`) the button is busy and "Cancel" aborts it; otherwise the flow's error
 * is shown under it. Presentational; the root carries `data-state`.
 */
export function PasskeySignInView({ flow }: PasskeySignInViewProps) {
  const signingIn = flow.status === 'signingIn';
  return (
    <div className={stack} data-flow="passkey" data-state={flow.status}>
      <button
        type="button"
        className={button.secondary}
        aria-disabled={signingIn ? true : undefined}
        onClick={() => {
          if (!signingIn) flow.signIn();
        }}
      >
        {signingIn ? <Spinner /> : <PasskeyIcon />}
        Sign in with a passkey
      </button>
      {signingIn ? (
        <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
          Cancel
        </button>
      ) : null}
      <ErrorMessage>{signingIn ? undefined : flow.error?.message}</ErrorMessage>
      <p role="status" className={visuallyHidden}>
        {signingIn ? 'Waiting for your passkey…' : ''}
      </p>
    </div>
  );
}
