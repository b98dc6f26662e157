import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, stack, visuallyHidden } from '../../styles/shared.css.js';
import type { PasskeyFlowModel } from './types.js';

export interface PasskeySignInProps {
  flow: Pick<PasskeyFlowModel, 'status' | 'error' | 'signIn' | 'cancel'>;
}

/**
 * "Sign in with a passkey": starts the browser's passkey prompt for a discoverable credential.
 * While the prompt is up the button is busy and "Cancel" aborts it. Presentational; the root
 * carries `data-state`.
 */
export function PasskeySignIn({ flow }: PasskeySignInProps) {
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

/** A key, drawn with currentColor. */
export function PasskeyIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.8-9.8M17 6l3 3M15 8l2 2" />
    </svg>
  );
}
